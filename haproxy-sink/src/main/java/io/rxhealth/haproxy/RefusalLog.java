package io.rxhealth.haproxy;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Ticker;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * Turns refused connections into at most one log line per period: under a flood, a line per
 * connection would cost more than the connection. Counts what happened since the last line and
 * the last source; the counters in {@link SinkStats} have the totals. Thread-safe.
 */
final class RefusalLog {
    private final Ticker ticker;
    private final long periodNanos;
    private final int maxPerSource;
    private final Map<Admission.Outcome, Long> counts = new EnumMap<>(Admission.Outcome.class);
    private long lastLineAt;
    private boolean any;
    private InetSocketAddress lastSource;

    RefusalLog(Ticker ticker, Duration period, int maxPerSource) {
        this.ticker = requireNonNull(ticker, "ticker");
        this.periodNanos = period.toNanos();
        this.maxPerSource = maxPerSource;
        // The first refusal is logged at once.
        this.lastLineAt = ticker.nanos() - periodNanos;
    }

    /** Records one refusal; returns the line to log when one is due. */
    synchronized Optional<String> refused(Admission.Outcome why, InetSocketAddress source) {
        counts.merge(why, 1L, Long::sum);
        lastSource = source;
        any = true;
        long now = ticker.nanos();
        if (now - lastLineAt < periodNanos) {
            return Optional.empty();
        }
        long seconds = Math.max(1, Duration.ofNanos(now - lastLineAt).toSeconds());
        var parts = new java.util.ArrayList<String>(4);
        part(parts, Admission.Outcome.DENIED, "not on listen.allow");
        part(parts, Admission.Outcome.OVER_SOURCE_LIMIT, "over " + maxPerSource + " open from one source");
        part(parts, Admission.Outcome.CROWDED, "turned away from a full waiting room");
        part(parts, Admission.Outcome.FULL, "with every slot waiting for a first verdict");
        var line = new StringBuilder("agent-check: refused ").append(String.join(", ", parts));
        line.append(" in the last ").append(seconds).append(" s; last from ").append(lastSource.getAddress()
                .getHostAddress());
        counts.clear();
        any = false;
        lastLineAt = now;
        return Optional.of(line.toString());
    }

    private void part(java.util.List<String> parts, Admission.Outcome why, String reason) {
        Long n = counts.get(why);
        if (n != null) {
            parts.add(n + (n == 1 ? " connection " : " connections ") + reason);
        }
    }

    /** Whether refusals were counted since the last line. */
    synchronized boolean pending() {
        return any;
    }
}
