package io.rxhealth.checks.http;

/**
 * Nearest-rank percentiles: the p-th percentile of n sorted values is the value at rank
 * {@code ceil(p / 100 * n)} (1-based). It is always one of the observed values, never an
 * interpolation, so "p95 812 ms" means a probe really took 812 ms.
 */
final class Percentiles {
    private Percentiles() {
    }

    /**
     * The {@code percentile}-th percentile of {@code sorted} (ascending, non-empty), by nearest
     * rank. {@code percentile} is in (0, 100].
     */
    static long nearestRank(long[] sorted, double percentile) {
        if (sorted.length == 0) {
            throw new IllegalArgumentException("values: empty (expected: at least one value)");
        }
        if (!(percentile > 0 && percentile <= 100)) {
            throw new IllegalArgumentException("percentile: " + percentile + " (expected: in (0, 100])");
        }
        // Rounding to 1e-9 first keeps a rank that is whole on paper (99.9 of 1000 = 999) from
        // becoming 999.0000000000001 in binary and ceil-ing one rank too far.
        double exact = percentile * sorted.length / 100;
        long rank = (long) Math.ceil(Math.rint(exact * 1e9) / 1e9);
        return sorted[(int) Math.max(1, rank) - 1];
    }
}
