package io.rxhealth.checks.docker;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Ticker;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Restart counts of one container seen by successive inspections, answering "how many restarts
 * within the last window". The engine only gives a running total, so the history keeps the
 * total as of each change and subtracts the total as of the window's start. A restart is
 * attributed to the inspection that first saw it. Thread-safe: a run the runner gave up on may
 * still finish while the next one starts.
 */
final class RestartHistory {
    private final long windowNanos;
    private final Ticker ticker;
    // Totals at the moments they were first seen, oldest first; only changes are kept, so the
    // size is bounded by the restarts within one window, not by the inspection rate.
    private final Deque<Sample> samples = new ArrayDeque<>();
    private String containerId;

    RestartHistory(Duration window, Ticker ticker) {
        requireNonNull(window, "window");
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("restart window: " + window + " (expected: > 0)");
        }
        this.windowNanos = window.toNanos();
        this.ticker = requireNonNull(ticker, "ticker");
    }

    /** Records one inspection and returns the restarts seen within the window up to now. */
    synchronized int record(String id, int restartCount) {
        long now = ticker.nanos();
        // A new container under the same name starts counting at zero again.
        if (!id.equals(containerId) || !samples.isEmpty() && restartCount < samples.getLast().count) {
            samples.clear();
            containerId = id;
        }
        if (samples.isEmpty() || samples.getLast().count != restartCount) {
            samples.addLast(new Sample(now, restartCount));
        }
        // Keep the latest sample at or before the window's start: it is the total at that moment.
        while (samples.size() > 1 && now - second().at >= windowNanos) {
            samples.removeFirst();
        }
        return restartCount - samples.getFirst().count;
    }

    /** Forgets everything, e.g. when the container is gone. */
    synchronized void clear() {
        samples.clear();
        containerId = null;
    }

    private Sample second() {
        var it = samples.iterator();
        it.next();
        return it.next();
    }

    private record Sample(long at, int count) {
    }
}
