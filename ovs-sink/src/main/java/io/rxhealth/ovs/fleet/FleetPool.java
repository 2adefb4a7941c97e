package io.rxhealth.ovs.fleet;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.panic.PanicThreshold;
import java.util.HashSet;
import java.util.List;

/**
 * A pool as the fleet computes its table: its name (the database key), the layout seed (the pool's
 * id, as a single node uses it), the slot count, the panic threshold and the configured members.
 * Every node that computes the pool's tables must hold the same description ({@link #sameAs}), or
 * two nodes would commit different tables for the same quorum in turn.
 */
public record FleetPool(String name, String seed, int slots, PanicThreshold panicThreshold, List<FleetMember> members) {
    public FleetPool {
        requireNonNull(name, "name");
        requireNonNull(seed, "seed");
        requireNonNull(panicThreshold, "panicThreshold");
        members = List.copyOf(members);
    }

    /** A configured member: its key ({@code address:port}), configured weight, and its agent's port (0: no agent). */
    public record FleetMember(String key, int configuredWeight, int agentPort) {
        public FleetMember {
            requireNonNull(key, "key");
        }

        public boolean agent() {
            return agentPort > 0;
        }
    }

    /** The same pool, whatever the order its members were listed in. */
    public boolean sameAs(FleetPool other) {
        return other != null && name.equals(other.name) && seed.equals(other.seed) && slots == other.slots
                && panicThreshold.equals(other.panicThreshold)
                && new HashSet<>(members).equals(new HashSet<>(other.members));
    }
}
