package io.rxhealth.agent.scenarios;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * The host's CPU as the agent's cpu check sees it ({@code /proc/stat}, all cores): the CPU
 * scenario needs a host that is otherwise idle enough for "below 50%" to be reachable at all.
 */
final class HostCpu {
    /** Busy share below which the host counts as idle enough: well clear of the 50% warn level. */
    static final double IDLE_ENOUGH = 0.35;
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final Path STAT = Path.of("/proc/stat");

    private HostCpu() {
    }

    /** Logical cores, counted as the kernel's per-cpu lines in /proc/stat (what the check sums). */
    static int cores() throws IOException {
        return (int) Files.readAllLines(STAT).stream().filter(l -> l.matches("cpu\\d+ .*")).count();
    }

    /**
     * Waits for a one-second sample below {@link #IDLE_ENOUGH}; aborts the test (reported as
     * skipped, with the figures) when other work keeps the host busy: on a saturated host the
     * system-wide CPU cannot show a burner starting or stopping, so the scenario means nothing.
     */
    static void awaitIdleOrAbort() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        double busy;
        do {
            long[] before = idleAndTotal();
            Thread.sleep(1000);
            long[] after = idleAndTotal();
            busy = 1 - (double) (after[0] - before[0]) / Math.max(1, after[1] - before[1]);
            if (busy < IDLE_ENOUGH) {
                return;
            }
        } while (System.nanoTime() < deadline);
        Assumptions.abort(String.format("host CPU still %.0f%% busy after %d s of waiting (expected: below %.0f%%"
                + " before the burner starts; other work on this host hides the scenario)",
                busy * 100, WAIT.toSeconds(), IDLE_ENOUGH * 100));
    }

    /** {idle + iowait, total} ticks of the aggregate "cpu" line, split as the cpu check splits it. */
    private static long[] idleAndTotal() throws IOException {
        List<String> fields = List.of(Files.readAllLines(STAT).get(0).trim().split("\\s+"));
        long total = 0;
        // Fields after "cpu": user nice system idle iowait irq softirq steal guest guest_nice; guest
        // time is already counted in user and nice.
        for (int i = 1; i <= Math.min(8, fields.size() - 1); i++) {
            total += Long.parseLong(fields.get(i));
        }
        return new long[] {Long.parseLong(fields.get(4)) + Long.parseLong(fields.get(5)), total};
    }
}
