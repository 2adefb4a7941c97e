package io.rxhealth.ovs.health;

import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.ovs.config.MemberConfig;
import io.rxhealth.ovs.config.PoolConfig;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * How many netfilter conntrack entries the daemon's own health checks need. Every probe and every
 * agent poll is a new TCP connection, and conntrack keeps each one for
 * {@code nf_conntrack_tcp_timeout_time_wait} (120 s by default) after it closed, whichever side
 * closed first. At 10,000 agents polled every second that is 1.2 million entries: far beyond the
 * usual {@code nf_conntrack_max}, and once the table is full the kernel drops new SYNs, so probes
 * and polls time out, members go down and the pool fails closed. Measured with
 * {@code ovs-sink/perf/poll-load.py} (docs/lbd.md, "Connection tracking"). Pure.
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

    /** Entries the health checks keep in the table at a steady rate. */
    public long entries() {
        return (long) Math.ceil(connectionsPerSecond * limits.timeWaitSeconds());
    }

    /** Whether the health checks alone would take more than half the table. */
    public boolean tight() {
        return entries() > limits.maxEntries() * WARN_SHARE;
    }

    /** The start-up log line. */
    public String line() {
        String base = String.format(Locale.ROOT,
                "conntrack: health checks open %.1f connections/s, each tracked %d s after it closes: "
                        + "up to %d entries of nf_conntrack_max %d", connectionsPerSecond,
                limits.timeWaitSeconds(), entries(), limits.maxEntries());
        return tight()
                ? base + "; exempt the health-check addresses from conntrack or raise nf_conntrack_max"
                        + " (docs/lbd.md, \"Connection tracking\"), or probes and polls time out once the table is full"
                : base;
    }

    private static double seconds(long millis) {
        return millis / 1000.0;
    }
}
