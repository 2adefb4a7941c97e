package io.rxhealth.ovs.config;

import static java.util.Objects.requireNonNull;

import java.net.InetSocketAddress;
import java.util.List;
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
 */
public record LbConfig(String openflow, InetSocketAddress api, Intervals intervals, int agentConcurrency,
                       List<PoolConfig> pools) {
    public LbConfig {
        requireNonNull(openflow, "openflow");
        requireNonNull(api, "api");
        requireNonNull(intervals, "intervals");
        pools = List.copyOf(pools);
    }

    /** True when some pool has a member with this exact {@code address:port} key. */
    public boolean hasMember(String key) {
        return pools.stream().flatMap(p -> p.members().stream()).anyMatch(m -> m.key().equals(key));
    }

    public Optional<PoolConfig> pool(int id) {
        return pools.stream().filter(p -> p.id() == id).findFirst();
    }
}
