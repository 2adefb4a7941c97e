package io.rxhealth.ovs.pool;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.RiseFallState;
import io.rxhealth.weighting.panic.MemberStanding;

/**
 * A member's weights as the layout sees them.
 *
 * @param configured the configured weight
 * @param agent      the agent's weight: its percentage of the configured weight (HAProxy
 *                   truncation, cap 256), or the configured weight for a member without agent
 * @param effective  what the layout uses: {@code agent}, or 0 when {@code exclusion} is not NONE
 * @param exclusion  the first reason the member is out, or NONE
 */
public record MemberWeight(int configured, int agent, int effective, Exclusion exclusion) {
    public MemberWeight {
        requireNonNull(exclusion, "exclusion");
    }

    /**
     * Effective weight = agent weight unless the probe is not up, the agent says down, maint or
     * drain, or an operator drained the member: then 0. A failing agent does not take a member
     * out by itself: its last state stands (fail-static, as in HAProxy).
     */
    public static MemberWeight of(MemberSnapshot s, int configured) {
        int agent = s.agentEnabled() ? s.agent().agentWeight(configured) : configured;
        Exclusion why = Exclusion.NONE;
        if (s.probe().state() == RiseFallState.UNKNOWN) {
            why = Exclusion.PROBE_UNKNOWN;
        } else if (s.probe().state() == RiseFallState.DOWN) {
            why = Exclusion.PROBE_DOWN;
        } else if (s.agentEnabled() && s.agent().maint()) {
            why = Exclusion.AGENT_MAINT;
        } else if (s.agentEnabled() && s.agent().drain()) {
            why = Exclusion.AGENT_DRAIN;
        } else if (s.agentEnabled() && !s.agent().inService()) {
            why = Exclusion.AGENT_DOWN;
        } else if (s.operatorDrain()) {
            why = Exclusion.OPERATOR_DRAIN;
        }
        return new MemberWeight(configured, agent, why == Exclusion.NONE ? agent : 0, why);
    }

    /**
     * The member as the pool's panic decision sees it. An agent's {@code drain} or {@code maint}
     * is an operator's act too (the agent says them only for its marker files, rx-agent's
     * {@code drain} and {@code maint}), so it counts like the daemon's own operator drain: out of
     * the share, and out in panic. An agent's {@code down} is the failure panic is for.
     */
    public MemberStanding standing() {
        return switch (exclusion) {
            case NONE, AGENT_DOWN -> MemberStanding.up(configured, effective);
            case PROBE_UNKNOWN, PROBE_DOWN -> MemberStanding.probeDown(configured);
            case AGENT_MAINT, AGENT_DRAIN, OPERATOR_DRAIN -> MemberStanding.operatorOut(configured);
        };
    }

    /** Report label: {@code up}, {@code down (probe)}, ..., with the agent's percentage when up. */
    public String verdict() {
        return exclusion.label();
    }
}
