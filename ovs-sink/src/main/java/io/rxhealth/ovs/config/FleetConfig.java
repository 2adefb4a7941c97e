package io.rxhealth.ovs.config;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.List;

/**
 * The optional {@code fleet:} section: this LB node is one of a fleet sharing pools' health and slot
 * tables through a clustered OVSDB (docs/lbd.md, "Fleet"). Absent, the node decides alone.
 *
 * @param node            this node's name in the fleet, unique among its nodes
 * @param remotes         the cluster's members ({@code unix:PATH} or {@code tcp:HOST:PORT}), this
 *                        node's own first
 * @param heartbeat       how often the node raises its heartbeat (default 1s)
 * @param livenessTimeout a node whose heartbeat has not changed for this long is not live (default 5s)
 */
public record FleetConfig(String node, List<String> remotes, Duration heartbeat, Duration livenessTimeout) {
    public FleetConfig {
        requireNonNull(node, "node");
        requireNonNull(heartbeat, "heartbeat");
        requireNonNull(livenessTimeout, "livenessTimeout");
        remotes = List.copyOf(remotes);
    }
}
