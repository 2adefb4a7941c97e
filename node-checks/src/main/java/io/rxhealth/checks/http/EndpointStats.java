package io.rxhealth.checks.http;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What one endpoint's sliding window shows right now, for metrics and the {@code status}
 * command. {@code samples} probes are in the window, {@code failures} of them failed;
 * percentiles are nearest-rank over the {@code latencySamples} probes that measured a latency
 * (empty when none did). {@code lastStatus} is the last HTTP status (empty when the last probe got
 * no response), {@code lastDetail} the last probe's one-line outcome.
 */
public record EndpointStats(String name, int samples, int failures, int latencySamples,
                            Optional<Duration> p50, Optional<Duration> p95, Optional<Duration> p99,
                            OptionalInt lastStatus, Optional<Instant> lastProbe, Optional<Instant> lastSuccess,
                            String lastDetail) {
    public EndpointStats {
        requireNonNull(name, "name");
        requireNonNull(p50, "p50");
        requireNonNull(p95, "p95");
        requireNonNull(p99, "p99");
        requireNonNull(lastStatus, "lastStatus");
        requireNonNull(lastProbe, "lastProbe");
        requireNonNull(lastSuccess, "lastSuccess");
        requireNonNull(lastDetail, "lastDetail");
    }

    /** Before the first probe. */
    public static EndpointStats none(String name) {
        return new EndpointStats(name, 0, 0, 0, Optional.empty(), Optional.empty(), Optional.empty(),
                OptionalInt.empty(), Optional.empty(), Optional.empty(), "not probed yet");
    }

    /** failures / samples; 0 before the first probe. */
    public double errorRatio() {
        return samples == 0 ? 0 : (double) failures / samples;
    }
}
