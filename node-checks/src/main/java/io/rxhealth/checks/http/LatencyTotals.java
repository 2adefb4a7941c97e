package io.rxhealth.checks.http;

/**
 * Every latency an endpoint's probes measured since the check was built: how many and their sum.
 * Unlike the sliding window these only grow, which is what a Prometheus summary's count and sum
 * must do for {@code rate()} to work.
 */
public record LatencyTotals(long count, long sumNanos) {
    public static final LatencyTotals NONE = new LatencyTotals(0, 0);

    public LatencyTotals {
        if (count < 0 || sumNanos < 0) {
            throw new IllegalArgumentException("count " + count + ", sumNanos " + sumNanos + " (expected: >= 0)");
        }
    }

    LatencyTotals plus(long latencyNanos) {
        return new LatencyTotals(count + 1, sumNanos + latencyNanos);
    }
}
