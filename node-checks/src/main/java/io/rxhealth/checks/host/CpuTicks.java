package io.rxhealth.checks.host;

/**
 * Cumulative CPU time of the whole host since boot, summed over all logical processors: the part
 * spent idle (idle and iowait), the total, and the part this process itself used ({@code own}).
 * Units are whatever the source counts in (OSHI: milliseconds); only differences between two
 * samples of one source mean anything.
 */
record CpuTicks(long idle, long total, long own) {
    CpuTicks {
        if (idle < 0 || total < idle || own < 0) {
            throw new IllegalArgumentException("cpu ticks: idle " + idle + ", total " + total + ", own " + own
                    + " (expected: 0 <= idle <= total, own >= 0)");
        }
    }

    /** Host counters without this process's own share. */
    CpuTicks(long idle, long total) {
        this(idle, total, 0);
    }

    /** True when time has passed since {@code earlier} and no counter went backwards. */
    boolean advancedSince(CpuTicks earlier) {
        return total > earlier.total && idle >= earlier.idle;
    }

    /**
     * Busy fraction 0..1 of the interval since {@code earlier}, not counting this process's own
     * CPU time: the agent measures the node's load, and its own start-up burst would otherwise
     * fill a short first window on a small node. Requires {@link #advancedSince}.
     */
    double busySince(CpuTicks earlier) {
        if (!advancedSince(earlier)) {
            throw new IllegalArgumentException(
                    "cpu ticks: " + this + " since " + earlier + " (expected: counters that advanced)");
        }
        long elapsed = total - earlier.total;
        long idled = Math.min(idle - earlier.idle, elapsed);
        long busy = elapsed - idled;
        long mine = Math.max(0, Math.min(own - earlier.own, busy));
        return (double) (busy - mine) / elapsed;
    }
}
