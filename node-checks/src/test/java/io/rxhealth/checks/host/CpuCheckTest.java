package io.rxhealth.checks.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.rxhealth.weighting.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CpuCheckTest {
    private static final Thresholds LIMITS = new Thresholds(0.75, 0.875);
    private static final Duration WINDOW = Duration.ofMillis(500);

    /** CPU counters that move only when the test advances them or the check pauses. */
    private static final class FakeCpu implements CpuReadings, Pause {
        private long idle = 1_000;
        private long total = 5_000;
        private long busyPerPause;
        private long idlePerPause;
        private final List<Duration> pauses = new ArrayList<>();

        @Override
        public CpuTicks ticks() {
            return new CpuTicks(idle, total);
        }

        @Override
        public void pause(Duration duration) {
            pauses.add(duration);
            advance(busyPerPause, idlePerPause);
        }

        void onPause(long busy, long idleTicks) {
            busyPerPause = busy;
            idlePerPause = idleTicks;
        }

        void advance(long busy, long idleTicks) {
            idle += idleTicks;
            total += busy + idleTicks;
        }

        void set(long idleTicks, long totalTicks) {
            idle = idleTicks;
            total = totalTicks;
        }
    }

    private final FakeCpu cpu = new FakeCpu();
    private final CpuCheck check = new CpuCheck(cpu, LIMITS, WINDOW, cpu);

    @Test
    void firstRunMeasuresAShortWindowOfItsOwn() throws Exception {
        cpu.onPause(30, 70);
        var result = check.run();
        assertEquals(List.of(WINDOW), cpu.pauses);
        assertEquals(Level.OK, result.level());
        assertEquals("cpu 30.0% busy (warn 75%, crit 87.5%)", result.detail());
        assertEquals("cpu", result.check());
    }

    @Test
    void laterRunsMeasureTheIntervalSinceThePreviousRunWithoutPausing() throws Exception {
        cpu.onPause(10, 90);
        check.run();
        cpu.advance(800, 200);
        assertEquals("cpu 80.0% busy (warn 75%, crit 87.5%)", check.run().detail());
        cpu.advance(990, 10);
        assertEquals(Level.CRIT, check.run().level());
        cpu.advance(0, 1_000);
        assertEquals("cpu 0.0% busy (warn 75%, crit 87.5%)", check.run().detail());
        assertEquals(1, cpu.pauses.size());
    }

    @Test
    void aRunTooSoonForTheCountersToMoveSamplesAWindowAgain() throws Exception {
        cpu.onPause(50, 50);
        check.run();
        cpu.onPause(90, 10);
        var result = check.run();
        assertEquals(List.of(WINDOW, WINDOW), cpu.pauses);
        assertEquals("cpu 90.0% busy (warn 75%, crit 87.5%)", result.detail());
    }

    @Test
    void countersGoingBackwardsAreNotReadAsAnInterval() throws Exception {
        cpu.onPause(50, 50);
        check.run();
        cpu.set(100, 200);
        cpu.onPause(20, 80);
        assertEquals("cpu 20.0% busy (warn 75%, crit 87.5%)", check.run().detail());
        assertEquals(2, cpu.pauses.size());
    }

    @Test
    void throwsWhenTheCountersDoNotMoveWithinTheWindow() {
        var e = assertThrows(IllegalStateException.class, check::run);
        assertEquals("cpu: counters did not advance in 500 ms (expected: moving counters;"
                + " is oshi.util.memoizer.expiration longer?)", e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario          | busy | idle | expected
        idle host           | 0    | 1000 | OK
        just below warn     | 749  | 251  | OK
        at warn             | 750  | 250  | WARN
        just below crit     | 874  | 126  | WARN
        at crit             | 875  | 125  | CRIT
        saturated           | 1000 | 0    | CRIT
        """)
    void levelFollowsBusyFractionOfTheInterval(String scenario, long busy, long idle, Level expected)
            throws Exception {
        cpu.onPause(busy, idle);
        assertEquals(expected, check.run().level(), scenario);
    }

    @Test
    void rejectsAnEmptyWindow() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> new CpuCheck(cpu, LIMITS, Duration.ZERO, cpu));
        assertEquals("cpu window: PT0S (expected: > 0)", e.getMessage());
    }

    @Test
    void ticksRejectIdleAboveTotal() {
        var e = assertThrows(IllegalArgumentException.class, () -> new CpuTicks(11, 10));
        assertEquals("cpu ticks: idle 11, total 10, own 0 (expected: 0 <= idle <= total, own >= 0)", e.getMessage());
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', textBlock = """
        # case                              | idle0 | total0 | own0 | idle1 | total1 | own1 | busy
        nothing of ours                     | 0     | 0      | 0    | 500   | 1000   | 0    | 0.5
        our own 200 ms are not the node's   | 0     | 0      | 0    | 500   | 1000   | 200  | 0.3
        we never count more than the busy   | 0     | 0      | 0    | 900   | 1000   | 400  | 0.0
        a process counter that went back    | 0     | 0      | 50   | 500   | 1000   | 10   | 0.5
        """)
    void leavesTheAgentsOwnCpuTimeOut(String scenario, long idle0, long total0, long own0, long idle1, long total1,
                                      long own1, double busy) {
        assertEquals(busy, new CpuTicks(idle1, total1, own1).busySince(new CpuTicks(idle0, total0, own0)), 1e-9,
                scenario);
    }
}
