package io.rxhealth.ovs.fleet;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.pool.Exclusion;
import io.rxhealth.weighting.panic.MemberStanding;

/**
 * One member as the fleet decides it, the same on every node: the quorum's verdict, whether an
 * operator drained it anywhere in the fleet, and the first reason it is out by the single node's
 * rules ({@code MemberWeight}).
 *
 * @param agentWeight the agent's percentage of the configured weight (HAProxy's truncation, cap
 *                    256), or the configured weight for a member without agent
 * @param effective   {@code agentWeight}, or 0 when {@code exclusion} is not NONE: the weight outside panic
 */
public record MemberQuorum(String key, FleetVerdict verdict, boolean operatorDrained, boolean agent,
                           int configuredWeight, int agentWeight, int effective, Exclusion exclusion) {
    public MemberQuorum {
        requireNonNull(key, "key");
        requireNonNull(verdict, "verdict");
        requireNonNull(exclusion, "exclusion");
    }

    /** As the single node's {@code MemberWeight#standing}: an agent's drain or maint is an operator's act too. */
    public MemberStanding standing() {
        return switch (exclusion) {
            case NONE, AGENT_DOWN -> MemberStanding.up(configuredWeight, effective);
            case PROBE_UNKNOWN, PROBE_DOWN -> MemberStanding.probeDown(configuredWeight);
            case AGENT_MAINT, AGENT_DRAIN, OPERATOR_DRAIN -> MemberStanding.operatorOut(configuredWeight);
        };
    }

    /** The agent as the quorum sees it: {@code up 75%}, {@code down}, {@code drain}, {@code maint}, or {@code off}. */
    public String agentLabel() {
        if (!agent) {
            return "off";
        }
        if (verdict.agentMaint()) {
            return "maint";
        }
        if (verdict.agentDrain()) {
            return "drain";
        }
        return (verdict.agentUp() ? "up " : "down ") + verdict.weightPercent() + "%";
    }
}
