package io.rxhealth.checks.host;

/**
 * Cumulative CPU time of the whole host since boot, summed over all logical processors: the part
 * spent idle (idle and iowait) and the total. Units are whatever the source counts in (OSHI:
 * milliseconds); only differences between two samples of one source mean anything.
 */
record CpuTicks(long idle, long total) {
    CpuTicks {
        if (idle < 0 || total < idle) {
            throw new IllegalArgumentException(
                    "cpu ticks: idle " + idle + ", total " + total + " (expected: 0 <= idle <= total)");
        }
    }

    /** True when time has passed since {@code earlier} and no counter went backwards. */
    boolean advancedSince(CpuTicks earlier) {
        return total > earlier.total && idle >= earlier.idle;
    }

    /** Busy fraction 0..1 of the interval since {@code earlier}; requires {@link #advancedSince}. */
    double busySince(CpuTicks earlier) {
        if (!advancedSince(earlier)) {
            throw new IllegalArgumentException(
                    "cpu ticks: " + this + " since " + earlier + " (expected: counters that advanced)");
        }
        long elapsed = total - earlier.total;
        long idled = Math.min(idle - earlier.idle, elapsed);
        return (double) (elapsed - idled) / elapsed;
    }
}
