package io.rxhealth.ovs.fleet;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which LB nodes are live: those whose heartbeat, as the database replicated it, is younger than
 * {@code timeout}. Heartbeats are counters a node raises each interval, stamped with the local
 * monotonic time at which this node saw them change, so clocks of other nodes never matter. Pure.
 */
public final class NodeLiveness {
    private NodeLiveness() {
    }

    /**
     * @param seenAtNanos per node, the local {@code Ticker} reading when its heartbeat last changed
     * @param nowNanos    the local {@code Ticker} reading now
     */
    public static Set<String> live(Map<String, Long> seenAtNanos, long nowNanos, Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout: " + timeout + " (expected: > 0)");
        }
        long limit = timeout.toNanos();
        Set<String> live = new TreeSet<>();
        seenAtNanos.forEach((node, seen) -> {
            if (nowNanos - seen < limit) {
                live.add(node);
            }
        });
        return live;
    }
}
