package io.rxhealth.weighting;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReadyWindowTest {
    private final FakeTicker ticker = new FakeTicker();

    @Test
    void neverSaysReadyInSteadyStateSoAnOperatorsMaintStands() {
        ReadyWindow ready = new ReadyWindow(Duration.ofSeconds(10), State.UP, ticker);
        for (int i = 0; i < 100; i++) {
            assertFalse(ready.ready(i % 2 == 0 ? State.UP : State.DOWN));
            ticker.advance(Duration.ofSeconds(1));
        }
    }

    @Test
    void saysReadyForTheIntervalAfterItsOwnDrainIsLifted() {
        ReadyWindow ready = new ReadyWindow(Duration.ofSeconds(10), State.UP, ticker);
        assertFalse(ready.ready(State.DRAIN));
        assertTrue(ready.ready(State.UP));
        ticker.advance(Duration.ofSeconds(9));
        assertTrue(ready.ready(State.UP));
        ticker.advance(Duration.ofSeconds(1));
        assertFalse(ready.ready(State.UP));
    }

    @Test
    void saysReadyAfterMaintEvenWhenTheNodeIsDown() {
        ReadyWindow ready = new ReadyWindow(Duration.ofSeconds(10), State.UP, ticker);
        ready.ready(State.MAINT);
        assertTrue(ready.ready(State.DOWN));
    }

    @Test
    void aMarkerLiftedWhileTheAgentWasStoppedStillSendsReady() {
        ReadyWindow ready = new ReadyWindow(Duration.ofSeconds(10), State.MAINT, ticker);
        assertTrue(ready.ready(State.UP));
    }

    @Test
    void aMarkerSetAgainClosesTheWindow() {
        ReadyWindow ready = new ReadyWindow(Duration.ofSeconds(10), State.UP, ticker);
        ready.ready(State.DRAIN);
        ready.ready(State.UP);
        assertFalse(ready.ready(State.DRAIN));
    }

    @Test
    void aReloadKeepsSayingReadyUntilTheIntervalFromWhenItBegan() {
        ReadyWindow ready = new ReadyWindow(Duration.ofSeconds(10), State.UP, ticker);
        ready.ready(State.DRAIN);
        assertTrue(ready.ready(State.UP));
        ticker.advance(Duration.ofSeconds(5));
        ReadyWindow reloaded = ready.reloaded(Duration.ofSeconds(8));
        assertTrue(reloaded.ready(State.UP));
        ticker.advance(Duration.ofSeconds(3));
        assertFalse(reloaded.ready(State.UP));
    }

    @Test
    void aMarkerLiftedRightAfterAReloadStillSendsReady() {
        ReadyWindow ready = new ReadyWindow(Duration.ofSeconds(10), State.UP, ticker);
        ready.ready(State.MAINT);
        assertTrue(ready.reloaded(Duration.ofSeconds(10)).ready(State.UP));
    }
}
