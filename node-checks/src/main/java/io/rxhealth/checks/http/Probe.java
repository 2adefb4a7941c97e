package io.rxhealth.checks.http;

import java.util.OptionalLong;

/**
 * One probe of one endpoint as the sliding window keeps it: whether it passed and, when the
 * probe measured the service, how long it took in nanoseconds.
 *
 * <p>A probe that got an HTTP response or timed out has a latency (for a timeout, the time waited
 * — a lower bound, which is what a p99 should show). A probe that never reached the service
 * (refused, reset, TLS failure) has none: its few microseconds would flatter the percentiles. It
 * still counts in the error rate.
 */
public record Probe(boolean success, OptionalLong latencyNanos) {
    public Probe {
        if (latencyNanos.isPresent() && latencyNanos.getAsLong() < 0) {
            throw new IllegalArgumentException("latencyNanos: " + latencyNanos.getAsLong() + " (expected: >= 0)");
        }
    }

    public static Probe measured(boolean success, long latencyNanos) {
        return new Probe(success, OptionalLong.of(latencyNanos));
    }

    public static Probe unreachable() {
        return new Probe(false, OptionalLong.empty());
    }
}
