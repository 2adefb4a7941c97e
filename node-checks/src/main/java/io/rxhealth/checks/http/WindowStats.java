package io.rxhealth.checks.http;

import java.time.Duration;
import java.util.Optional;

/**
 * Summary of a {@link ProbeWindow}: how many probes it holds, how many failed, and the
 * nearest-rank latency percentiles over the probes that have a latency ({@code latencySamples}
 * of them; empty when there are none).
 */
public record WindowStats(int probes, int failures, int latencySamples,
                   Optional<Duration> p50, Optional<Duration> p95, Optional<Duration> p99) {
    public static final WindowStats EMPTY = new WindowStats(0, 0, 0, Optional.empty(), Optional.empty(), Optional.empty());

    public WindowStats {
        if (probes < 0 || failures < 0 || failures > probes || latencySamples < 0 || latencySamples > probes) {
            throw new IllegalArgumentException("counts: probes " + probes + ", failures " + failures
                    + ", latencySamples " + latencySamples + " (expected: 0 <= failures, latencySamples <= probes)");
        }
    }

    /** failures / probes; 0 for an empty window. */
    public double errorRatio() {
        return probes == 0 ? 0 : (double) failures / probes;
    }
}
