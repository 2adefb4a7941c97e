package io.rxhealth.weighting;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class WeightHoldTest {
    private final FakeTicker ticker = new FakeTicker();
    private final WeightHold hold = new WeightHold(Duration.ofSeconds(30), ticker);

    @Test
    void lowersAtOnceAndRaisesOnlyAfterTheHold() {
        assertEquals(100, hold.apply(up(100)).weightPercent());
        assertEquals(50, hold.apply(up(50)).weightPercent());
        assertEquals(50, hold.apply(up(100)).weightPercent());
        ticker.advance(Duration.ofSeconds(29));
        assertEquals(50, hold.apply(up(100)).weightPercent());
        ticker.advance(Duration.ofSeconds(1));
        assertEquals(100, hold.apply(up(100)).weightPercent());
    }

    @Test
    void aFlapRestartsTheHold() {
        hold.apply(up(50));
        hold.apply(up(100));
        ticker.advance(Duration.ofSeconds(20));
        assertEquals(50, hold.apply(up(50)).weightPercent());
        assertEquals(50, hold.apply(up(100)).weightPercent());
        ticker.advance(Duration.ofSeconds(20));
        assertEquals(50, hold.apply(up(100)).weightPercent());
        ticker.advance(Duration.ofSeconds(10));
        assertEquals(100, hold.apply(up(100)).weightPercent());
    }

    @Test
    void downPassesThroughAndResets() {
        hold.apply(up(50));
        assertEquals(State.DOWN, hold.apply(Verdict.down(List.of())).state());
        assertEquals(100, hold.apply(up(100)).weightPercent());
    }

    private static Verdict up(int percent) {
        return Verdict.up(percent, List.of());
    }

    @Test
    void aReloadKeepsTheTimeAHigherWeightHasWaited() {
        hold.apply(up(50));
        hold.apply(up(100));
        ticker.advance(Duration.ofSeconds(20));
        WeightHold reloaded = hold.reloaded(Duration.ofSeconds(30));
        assertEquals(50, reloaded.apply(up(100)).weightPercent());
        ticker.advance(Duration.ofSeconds(10));
        assertEquals(100, reloaded.apply(up(100)).weightPercent());
    }

    @Test
    void aReloadWithAShorterHoldCountsTheTimeAlreadyWaited() {
        hold.apply(up(50));
        hold.apply(up(100));
        ticker.advance(Duration.ofSeconds(20));
        assertEquals(100, hold.reloaded(Duration.ofSeconds(10)).apply(up(100)).weightPercent());
    }
}
