package io.rxhealth.ovs.fleet;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.config.MemberConfig;
import io.rxhealth.ovs.config.PoolConfig;
import io.rxhealth.ovs.pool.MemberSnapshot;
import io.rxhealth.ovs.pool.PoolTables;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.weighting.RiseFallState;
import io.rxhealth.weighting.agentcheck.AgentHealth;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;

/** The daemon's pools and members in the fleet's terms, and the fleet as the daemon's table source. */
public final class FleetWiring {
    private FleetWiring() {
    }

    /** The configured pools; the pool id seeds the layout, as on a node alone, so the fleet's first table is the same. */
    public static List<FleetPool> pools(List<PoolConfig> configs) {
        List<FleetPool> pools = new ArrayList<>();
        for (PoolConfig pool : configs) {
            List<FleetPool.FleetMember> fleetMembers = new ArrayList<>();
            for (MemberConfig m : pool.members()) {
                fleetMembers.add(new FleetPool.FleetMember(m.key(), m.weight(), m.agentPort().orElse(0)));
            }
            pools.add(new FleetPool(pool.name(), String.valueOf(pool.id()), pool.slots(), fleetMembers));
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
     * The database's table for each pool; before the first one reaches this node, its own layout,
     * as a node alone would install (the fleet's first table is the same layout of the quorum's view).
     */
    public static PoolTables tables(FleetRuntime fleet) {
        requireNonNull(fleet, "fleet");
        return new PoolTables() {
            @Override
            public SlotTable next(PoolSpec spec, List<Member> members) {
                return fleet.table(spec.name()).orElseGet(() -> PoolTables.LOCAL.next(spec, members));
            }

            @Override
            public void installed(PoolSpec spec, SlotTable table) {
                fleet.installed(spec.name(), table.digest());
            }
        };
    }
}
