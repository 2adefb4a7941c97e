package io.rxhealth.ovs.config;

import java.time.Duration;

/**
 * Timing of probes, agent polls and reconciliation.
 *
 * @param probe          time between two probes of a member (default 2 s)
 * @param probeTimeout   connect plus response budget of one probe (default 1 s)
 * @param fall           consecutive failed probes that take an up member down (default 3)
 * @param rise           consecutive passed probes that bring a down member up (default 2)
 * @param agent          time between two agent polls of a member (default 2 s, HAProxy's agent-inter)
 * @param agentTimeout   connect plus read budget of one agent poll (default 1 s, HAProxy's timeout check)
 * @param reconcile      time between two layout computations when nothing changed (default 30 s);
 *                       a failed apply is retried after {@code agent} instead
 * @param pipeline       time between two checks that the switch still holds the pipeline
 *                       (default 2 s; only with a topology)
 * @param neigh          time between two reads of the kernel's neighbour table (default 2 s; only
 *                       with a topology)
 */
public record Intervals(Duration probe, Duration probeTimeout, int fall, int rise, Duration agent,
                        Duration agentTimeout, Duration reconcile, Duration pipeline, Duration neigh) {
    public static Intervals defaults() {
        return new Intervals(Duration.ofSeconds(2), Duration.ofSeconds(1), 3, 2, Duration.ofSeconds(2),
                Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ofSeconds(2), Duration.ofSeconds(2));
    }
}
