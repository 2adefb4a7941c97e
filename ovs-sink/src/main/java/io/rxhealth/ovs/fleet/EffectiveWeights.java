package io.rxhealth.ovs.fleet;

import io.rxhealth.ovs.pool.Exclusion;
import io.rxhealth.weighting.agentcheck.AgentHealth;
import io.rxhealth.weighting.agentcheck.MemberAgentState;
import io.rxhealth.weighting.maglev.Member;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * A pool's effective weights as the fleet sees them: the single node's rules ({@code MemberWeight})
 * applied to the quorum's verdict (0 when the probe is down, the agent says down, drain or maint,
 * or an operator drained the member anywhere in the fleet; else the agent's percentage of the
 * configured weight), then the pool's panic threshold over them, as a single node's
 * {@code PoolWeights} does. Pure: every node computes the same from the same replicated rows.
 */
public final class EffectiveWeights {
    private EffectiveWeights() {
    }

    /**
     * The pool's weights; empty when no LB node is live (no quorum).
     *
     * @param observations every node's latest observation, by member key
     * @param drained      the member keys an operator drained in this pool
     */
    public static Optional<FleetWeights> of(FleetPool pool, Map<String, List<Observation>> observations,
                                            Set<String> liveNodes, Set<String> drained) {
        if (liveNodes.isEmpty()) {
            return Optional.empty();
        }
        List<MemberQuorum> members = new ArrayList<>();
        for (FleetPool.FleetMember m : pool.members()) {
            FleetVerdict v = Quorum.verdict(observations.getOrDefault(m.key(), List.of()), liveNodes).orElseThrow();
            members.add(member(m, v, drained.contains(m.key())));
        }
        return Optional.of(new FleetWeights(members,
                pool.panicThreshold().decide(members.stream().map(MemberQuorum::standing).toList())));
    }

    static MemberQuorum member(FleetPool.FleetMember m, FleetVerdict v, boolean drained) {
        int agentWeight = m.configuredWeight();
        if (m.agent()) {
            var agent = new MemberAgentState(AgentHealth.UP, false, false, v.weightPercent(), OptionalInt.empty());
            agentWeight = agent.agentWeight(m.configuredWeight());
        }
        Exclusion why = Exclusion.NONE;
        if (v.votes() == 0) {
            why = Exclusion.PROBE_UNKNOWN;
        } else if (!v.probeUp()) {
            why = Exclusion.PROBE_DOWN;
        } else if (m.agent() && v.agentMaint()) {
            why = Exclusion.AGENT_MAINT;
        } else if (m.agent() && v.agentDrain()) {
            why = Exclusion.AGENT_DRAIN;
        } else if (m.agent() && !v.agentUp()) {
            why = Exclusion.AGENT_DOWN;
        } else if (drained) {
            why = Exclusion.OPERATOR_DRAIN;
        }
        return new MemberQuorum(m.key(), v, drained, m.agent(), m.configuredWeight(), agentWeight,
                why == Exclusion.NONE ? agentWeight : 0, why);
    }

    /** The layout's members for {@code weights} by key: every configured member, home weight the configured one. */
    public static List<Member> members(FleetPool pool, Map<String, Integer> weights) {
        List<Member> members = new ArrayList<>();
        for (FleetPool.FleetMember m : pool.members()) {
            members.add(new Member(m.key(), weights.getOrDefault(m.key(), 0), m.configuredWeight()));
        }
        return members;
    }
}
