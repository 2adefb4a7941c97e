package io.rxhealth.ovs.fleet;

import io.rxhealth.weighting.agentcheck.AgentHealth;
import io.rxhealth.weighting.agentcheck.MemberAgentState;
import io.rxhealth.weighting.maglev.Member;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;

/**
 * A pool's effective weights as the fleet sees them, by the single node's rules
 * ({@code MemberWeight}) applied to the quorum's verdict: 0 when the probe is down, the agent says
 * down, drain or maint, or an operator drained the member anywhere in the fleet; else the agent's
 * percentage of the configured weight. Pure.
 */
public final class EffectiveWeights {
    private EffectiveWeights() {
    }

    /**
     * Effective weight per member key, sorted by key; empty when no LB node is live (no quorum).
     *
     * @param observations every node's latest observation, by member key
     * @param drained      the member keys an operator drained in this pool
     */
    public static Optional<Map<String, Integer>> of(FleetPool pool, Map<String, List<Observation>> observations,
                                                    Set<String> liveNodes, Set<String> drained) {
        if (liveNodes.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Integer> weights = new TreeMap<>();
        for (FleetPool.FleetMember m : pool.members()) {
            FleetVerdict v = Quorum.verdict(observations.getOrDefault(m.key(), List.of()), liveNodes).orElseThrow();
            weights.put(m.key(), weight(m, v, drained.contains(m.key())));
        }
        return Optional.of(weights);
    }

    static int weight(FleetPool.FleetMember m, FleetVerdict v, boolean drained) {
        if (!v.probeUp() || drained) {
            return 0;
        }
        if (!m.agent()) {
            return m.configuredWeight();
        }
        if (!v.inService()) {
            return 0;
        }
        var agent = new MemberAgentState(AgentHealth.UP, false, false, v.weightPercent(), OptionalInt.empty());
        return agent.agentWeight(m.configuredWeight());
    }

    /** The layout's members: every configured member at its effective weight, home weight the configured one. */
    public static List<Member> members(FleetPool pool, Map<String, Integer> weights) {
        List<Member> members = new ArrayList<>();
        for (FleetPool.FleetMember m : pool.members()) {
            members.add(new Member(m.key(), weights.getOrDefault(m.key(), 0), m.configuredWeight()));
        }
        return members;
    }
}
