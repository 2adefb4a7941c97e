package io.rxhealth.checks.http;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/**
 * The last {@code capacity} probes of one endpoint, oldest evicted first. Not thread-safe: its
 * owner (an endpoint, database or broker check) guards it.
 */
public final class ProbeWindow {
    private final Probe[] ring;
    private int next;
    private int size;

    public ProbeWindow(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("window: " + capacity + " (expected: >= 1)");
        }
        this.ring = new Probe[capacity];
    }

    public void record(Probe probe) {
        ring[next] = probe;
        next = (next + 1) % ring.length;
        size = Math.min(size + 1, ring.length);
    }

    public WindowStats stats() {
        if (size == 0) {
            return WindowStats.EMPTY;
        }
        int failures = 0;
        long[] latencies = new long[size];
        int measured = 0;
        for (int i = 0; i < size; i++) {
            Probe probe = ring[i];
            if (!probe.success()) {
                failures++;
            }
            if (probe.latencyNanos().isPresent()) {
                latencies[measured++] = probe.latencyNanos().getAsLong();
            }
        }
        if (measured == 0) {
            return new WindowStats(size, failures, 0, Optional.empty(), Optional.empty(), Optional.empty());
        }
        long[] sorted = Arrays.copyOf(latencies, measured);
        Arrays.sort(sorted);
        return new WindowStats(size, failures, measured,
                percentile(sorted, 50), percentile(sorted, 95), percentile(sorted, 99));
    }

    private static Optional<Duration> percentile(long[] sorted, double p) {
        return Optional.of(Duration.ofNanos(Percentiles.nearestRank(sorted, p)));
    }
}
