package io.rxhealth.weighting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecoveryWindowTest {
    private final FakeTicker ticker = new FakeTicker();
    private final RecoveryWindow recovery = new RecoveryWindow(Duration.ofSeconds(60), List.of(25, 50, 75), ticker);

    @Test
    void comesBackStepByStepUntilTheWindowHasPassed() {
        assertEquals(100, recovery.apply(up(100)).weightPercent());
        assertEquals(State.DOWN, recovery.apply(Verdict.down(List.of("storage crit"))).state());
        assertEquals(25, recovery.apply(up(100)).weightPercent());
        ticker.advance(Duration.ofSeconds(19));
        assertEquals(25, recovery.apply(up(100)).weightPercent());
        ticker.advance(Duration.ofSeconds(1));
        assertEquals(50, recovery.apply(up(100)).weightPercent());
        ticker.advance(Duration.ofSeconds(20));
        assertEquals(75, recovery.apply(up(100)).weightPercent());
        ticker.advance(Duration.ofSeconds(19));
        Verdict last = recovery.apply(up(100));
        assertEquals(75, last.weightPercent());
        assertEquals(List.of("recovery 75%, 1 s left"), last.reasons());
        ticker.advance(Duration.ofSeconds(1));
        assertEquals(100, recovery.apply(up(100)).weightPercent());
    }

    @Test
    void aLowerHealthWeightIsNotRaisedByTheCap() {
        recovery.apply(Verdict.down(List.of()));
        assertEquals(25, recovery.apply(up(50)).weightPercent());
        ticker.advance(Duration.ofSeconds(45));
        assertEquals(50, recovery.apply(up(50)).weightPercent());
    }

    @Test
    void aNewDownRestartsTheWindow() {
        recovery.apply(Verdict.down(List.of()));
        recovery.apply(up(100));
        ticker.advance(Duration.ofSeconds(50));
        recovery.apply(Verdict.down(List.of()));
        ticker.advance(Duration.ofSeconds(5));
        assertEquals(25, recovery.apply(up(100)).weightPercent());
    }

    @Test
    void aRestoredSnapshotContinuesTheWindow() {
        recovery.apply(Verdict.down(List.of()));
        recovery.apply(up(100));
        ticker.advance(Duration.ofSeconds(30));
        RecoverySnapshot snapshot = recovery.snapshot();
        assertEquals(RecoverySnapshot.recovering(Duration.ofSeconds(30)), snapshot);

        FakeTicker later = new FakeTicker();
        later.advance(Duration.ofHours(3));
        RecoveryWindow restarted = new RecoveryWindow(Duration.ofSeconds(60), List.of(25, 50, 75), later);
        restarted.restore(snapshot);
        assertEquals(50, restarted.apply(up(100)).weightPercent());
        later.advance(Duration.ofSeconds(30));
        assertEquals(100, restarted.apply(up(100)).weightPercent());
    }

    @Test
    void aSnapshotTakenWhileDownStartsTheWindowOnReturn() {
        recovery.apply(Verdict.down(List.of()));
        RecoveryWindow restarted = new RecoveryWindow(Duration.ofSeconds(60), List.of(25, 50, 75), ticker);
        restarted.restore(recovery.snapshot());
        assertEquals(25, restarted.apply(up(100)).weightPercent());
    }

    @Test
    void aZeroWindowMeansFullWeightAtOnce() {
        RecoveryWindow none = new RecoveryWindow(Duration.ZERO, List.of(), ticker);
        none.apply(Verdict.down(List.of()));
        assertEquals(100, none.apply(up(100)).weightPercent());
    }

    @Test
    void rejectsACapAbove100() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> new RecoveryWindow(Duration.ofSeconds(1), List.of(120), ticker));
        assertEquals("step: 120% (expected: 0%..100%)", e.getMessage());
    }

    private static Verdict up(int percent) {
        return Verdict.up(percent, List.of());
    }

    @Test
    void aReloadKeepsTheTimeRecoveredUnderTheNewSteps() {
        recovery.apply(Verdict.down(List.of("storage crit")));
        recovery.apply(up(100));
        ticker.advance(Duration.ofSeconds(30));
        RecoveryWindow reloaded = recovery.reloaded(Duration.ofSeconds(40), List.of(10, 60));
        assertEquals(60, reloaded.apply(up(100)).weightPercent());
        ticker.advance(Duration.ofSeconds(10));
        assertEquals(100, reloaded.apply(up(100)).weightPercent());
    }

    @Test
    void aReloadKeepsANodeDownDownAndAZeroWindowEndsARecovery() {
        recovery.apply(Verdict.down(List.of("storage crit")));
        RecoveryWindow reloaded = recovery.reloaded(Duration.ofSeconds(60), List.of(25, 50, 75));
        assertEquals(RecoverySnapshot.DOWN, reloaded.snapshot());
        assertEquals(25, reloaded.apply(up(100)).weightPercent());
        assertEquals(100, reloaded.reloaded(Duration.ZERO, List.of()).apply(up(100)).weightPercent());
    }
}
