package io.rxhealth.ovs.fleet;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A pool as the fleet computes its table: its name (the database key), the layout seed (the pool's
 * id, as a single node uses it), the slot count and the configured members.
 */
public record FleetPool(String name, String seed, int slots, List<FleetMember> members) {
    public FleetPool {
        requireNonNull(name, "name");
        requireNonNull(seed, "seed");
        members = List.copyOf(members);
    }

    /** A configured member: its key ({@code address:port}), configured weight, and whether it has an agent. */
    public record FleetMember(String key, int configuredWeight, boolean agent) {
        public FleetMember {
            requireNonNull(key, "key");
        }
    }
}
