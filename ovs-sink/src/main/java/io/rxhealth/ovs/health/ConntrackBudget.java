package io.rxhealth.ovs.health;

import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.ovs.config.MemberConfig;
import io.rxhealth.ovs.config.PoolConfig;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * How many netfilter conntrack entries the daemon's own health checks need. Every probe and every
 * agent poll is a new TCP connection. Ended with a reset ({@link LineExchange}), conntrack keeps
 * it {@code nf_conntrack_tcp_timeout_close} (10 s); a SYN that is never answered, as to a member
 * that is gone, stays {@code nf_conntrack_tcp_timeout_syn_sent} (120 s). At 10,000 connections a
 * second that is 100,000 entries while members answer and 1.2 million when none does: far
 * beyond the usual {@code nf_conntrack_max}, and once the table is full the kernel drops new
 * SYNs, so probes and polls time out, members go down and the pool fails closed, at the very
 * moment a segment went dark. Measured with {@code ovs-sink/perf/poll-load.py} (docs/lbd.md,
 * "Connection tracking and large pools"). Pure.
 *
 * @param connectionsPerSecond health-check connections the daemon opens per second
 * @param limits               the host's conntrack settings
 */
public record ConntrackBudget(double connectionsPerSecond, ConntrackLimits limits) {
    /** Above this share of {@code nf_conntrack_max} the start-up line is a warning. */
    static final double WARN_SHARE = 0.5;

    /** Probes and agent polls per second for a configuration: each member once, as the daemon runs them. */
    public static double connectionsPerSecond(LbConfig config) {
        double probesPerSecond = 1.0 / seconds(config.intervals().probe().toMillis());
        double pollsPerSecond = 1.0 / seconds(config.intervals().agent().toMillis());
        Set<String> seen = new HashSet<>();
        double total = 0;
        for (PoolConfig pool : config.pools()) {
            for (MemberConfig m : pool.members()) {
                if (seen.add(m.key())) {
                    total += probesPerSecond + (m.agentPort().isPresent() ? pollsPerSecond : 0);
                }
            }
        }
        return total;
    }

    /** Entries while every member answers (each connection ends with a reset). */
    public long answering() {
        return (long) Math.ceil(connectionsPerSecond * limits.closeSeconds());
    }

    /** Entries when no member answers a SYN. */
    public long unanswered() {
        return (long) Math.ceil(connectionsPerSecond * limits.synSentSeconds());
    }

    /** Whether the health checks to members that are gone would take more than half the table. */
    public boolean tight() {
        return unanswered() > limits.maxEntries() * WARN_SHARE;
    }

    /** The start-up log line. */
    public String line() {
        String base = String.format(Locale.ROOT,
                "conntrack: health checks open %.1f connections/s: %d entries while members answer, up to %d"
                        + " when none does, of nf_conntrack_max %d", connectionsPerSecond, answering(), unanswered(),
                limits.maxEntries());
        return tight()
                ? base + "; exempt the health-check addresses from conntrack or raise nf_conntrack_max"
                        + " (docs/lbd.md, \"Connection tracking\"), or probes and polls time out once the table is full"
                : base;
    }

    private static double seconds(long millis) {
        return millis / 1000.0;
    }
}
