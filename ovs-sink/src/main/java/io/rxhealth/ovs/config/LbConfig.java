package io.rxhealth.ovs.config;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.panic.PanicThreshold;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The LB-node daemon's configuration, validated.
 *
 * @param openflow         the bridge's OpenFlow target ({@code unix:/run/openvswitch/br-lb.mgmt})
 *                         or bridge name, handed to the slot-table writer
 * @param api              where the HTTP API listens (default 127.0.0.1:9111)
 * @param intervals        probe, agent and reconcile timing
 * @param agentConcurrency most agent polls in flight at once (default 2048)
 * @param pools            pools, ids and names unique
 * @param pipeline         the topology the daemon renders the whole pipeline from; empty: the
 *                         daemon owns table 11 only
 * @param appctl           ovs-vswitchd's control socket for {@code ovs-appctl -t}; empty: ovs-appctl's
 *                         default (the pidfile in its run directory)
 * @param fleet            this node's part in a fleet sharing one OVSDB cluster; empty: the node
 *                         decides alone, as without the section
 */
public record LbConfig(String openflow, InetSocketAddress api, Intervals intervals, int agentConcurrency,
                       List<PoolConfig> pools, Optional<PipelineConfig> pipeline, Optional<String> appctl,
                       Optional<FleetConfig> fleet) {
    public LbConfig {
        requireNonNull(openflow, "openflow");
        requireNonNull(api, "api");
        requireNonNull(intervals, "intervals");
        requireNonNull(pipeline, "pipeline");
        requireNonNull(appctl, "appctl");
        requireNonNull(fleet, "fleet");
        pools = List.copyOf(pools);
    }

    /** This configuration without the pipeline: the daemon then owns table 11 only ({@code run --dry-run}). */
    public LbConfig withoutPipeline() {
        return new LbConfig(openflow, api, intervals, agentConcurrency, pools, Optional.empty(), appctl, fleet);
    }

    /** The bridge name: the target's file name without {@code .mgmt}, or the target itself when it is a name. */
    public Optional<String> bridge() {
        if (openflow.startsWith("unix:") && openflow.endsWith(".mgmt")) {
            String file = openflow.substring(openflow.lastIndexOf('/') + 1);
            return Optional.of(file.substring(file.startsWith("unix:") ? 5 : 0, file.length() - ".mgmt".length()));
        }
        return openflow.contains(":") ? Optional.empty() : Optional.of(openflow);
    }

    /** True when some pool has a member with this exact {@code address:port} key. */
    public boolean hasMember(String key) {
        return pools.stream().flatMap(p -> p.members().stream()).anyMatch(m -> m.key().equals(key));
    }

    /** Each pool's panic threshold, by pool name. */
    public Map<String, PanicThreshold> panicThresholds() {
        Map<String, PanicThreshold> thresholds = new LinkedHashMap<>();
        pools.forEach(p -> thresholds.put(p.name(), p.panicThreshold()));
        return thresholds;
    }

    public Optional<PoolConfig> pool(int id) {
        return pools.stream().filter(p -> p.id() == id).findFirst();
    }
}
