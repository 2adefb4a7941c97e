package io.rxhealth.ovs.fleet;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.config.MemberConfig;
import io.rxhealth.ovs.config.PoolConfig;
import io.rxhealth.ovs.pool.MemberSnapshot;
import io.rxhealth.ovs.pool.PoolLayout;
import io.rxhealth.ovs.pool.PoolTables;
import io.rxhealth.ovs.slots.MemberSpec;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.weighting.RiseFallState;
import io.rxhealth.weighting.agentcheck.AgentHealth;
import io.rxhealth.weighting.maglev.SlotTable;
import io.rxhealth.weighting.panic.PanicDecision;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The daemon's pools and members in the fleet's terms, and the fleet as the daemon's table source. */
public final class FleetWiring {
    private FleetWiring() {
    }

    /**
     * The configured pools; the pool id seeds the layout, as on a node alone, so the fleet's first
     * table is the same; the panic threshold goes with the pool into the database.
     */
    public static List<FleetPool> pools(List<PoolConfig> configs) {
        List<FleetPool> pools = new ArrayList<>();
        for (PoolConfig pool : configs) {
            List<FleetPool.FleetMember> fleetMembers = new ArrayList<>();
            for (MemberConfig m : pool.members()) {
                fleetMembers.add(new FleetPool.FleetMember(m.key(), m.weight(), m.agentPort().orElse(0)));
            }
            pools.add(new FleetPool(pool.name(), String.valueOf(pool.id()), pool.slots(), pool.panicThreshold(),
                    fleetMembers));
        }
        return pools;
    }

    /** What this node observes of a member now: its probe verdict and its agent state. */
    public static FleetNode.LocalObservation observe(String node, MemberSnapshot s, InstantSource clock) {
        var agent = s.agent();
        var o = new Observation(node, s.probe().state() == RiseFallState.UP,
                !s.agentEnabled() || agent.health() == AgentHealth.UP, s.agentEnabled() && agent.drain(),
                s.agentEnabled() && agent.maint(),
                s.agentEnabled() ? agent.weightPercent() : 100, clock.millis());
        return new FleetNode.LocalObservation(o, s.probeDetail());
    }

    /**
     * The database's table for each pool, with the quorum's weights and panic state it was computed
     * from; before the first one reaches this node, its own layout, as a node alone would install (the
     * fleet's first table is the same layout of the quorum's view). Reads what the fleet's last round
     * left in memory: the controller calls it under its lock, and it never waits for the cluster.
     */
    public static PoolTables tables(FleetRuntime fleet) {
        requireNonNull(fleet, "fleet");
        return new PoolTables() {
            @Override
            public PoolLayout next(PoolSpec spec, PanicDecision own) {
                return fleet.installedTable(spec.name())
                        .map(t -> new PoolLayout(t.table(), decision(spec, t, fleet.decided(spec.name()))))
                        .orElseGet(() -> PoolTables.LOCAL.next(spec, own));
            }

            @Override
            public void installed(PoolSpec spec, SlotTable table) {
                fleet.installed(spec.name(), table.digest());
            }

            @Override
            public boolean shared() {
                return true;
            }
        };
    }

    /**
     * The decision {@code table} was computed from, in {@code spec}'s member order (0 for a member it
     * does not list): its weights and panic state; the healthy and counted weight are the quorum's
     * now, when known, so that the healthy share gauge follows the members between two tables (a
     * table is committed only when weights or the panic state change).
     */
    static PanicDecision decision(PoolSpec spec, InstalledTable table, Optional<FleetWeights> now) {
        List<Integer> weights = new ArrayList<>();
        for (MemberSpec m : spec.members()) {
            weights.add(table.inputs().getOrDefault(m.key(), 0));
        }
        long healthy = now.map(w -> w.decision().healthyWeight()).orElse(table.healthyWeight());
        long counted = now.map(w -> w.decision().countedWeight()).orElse(table.countedWeight());
        return new PanicDecision(table.panic(), healthy, counted, weights);
    }
}
