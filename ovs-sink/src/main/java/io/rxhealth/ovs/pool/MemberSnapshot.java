package io.rxhealth.ovs.pool;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.health.AgentFailure;
import io.rxhealth.weighting.RiseFallCounter;
import io.rxhealth.weighting.agentcheck.MemberAgentState;
import java.time.Instant;

/**
 * Everything the node knows about one member at one moment. Immutable.
 *
 * @param probe              liveness probes with rise/fall
 * @param probeDetail        detail of the last probe ({@code HTTP 200}, {@code connect refused}), "" before any
 * @param agentEnabled       false for members configured with {@code agent: false}
 * @param agent              the HAProxy-equivalent agent state
 * @param lastReply          the last reply line received ({@code null} before any)
 * @param lastReplyAt        when it arrived ({@code null} before any)
 * @param agentFailure       the failure of the last poll, {@code null} when it answered
 * @param agentFailureDetail detail of that failure, "" when none
 * @param agentFailures      polls failed in a row
 * @param operatorDrain      drained by an operator through the API
 */
public record MemberSnapshot(RiseFallCounter probe, String probeDetail, boolean agentEnabled, MemberAgentState agent,
                             String lastReply, Instant lastReplyAt, AgentFailure agentFailure,
                             String agentFailureDetail, long agentFailures, boolean operatorDrain) {
    public MemberSnapshot {
        requireNonNull(probe, "probe");
        requireNonNull(probeDetail, "probeDetail");
        requireNonNull(agent, "agent");
        requireNonNull(agentFailureDetail, "agentFailureDetail");
    }

    public static MemberSnapshot initial(int rise, int fall, boolean agentEnabled) {
        return new MemberSnapshot(RiseFallCounter.initial(rise, fall), "", agentEnabled, MemberAgentState.initial(),
                null, null, null, "", 0, false);
    }

    MemberSnapshot withProbe(RiseFallCounter next, String detail) {
        return new MemberSnapshot(next, detail, agentEnabled, agent, lastReply, lastReplyAt, agentFailure,
                agentFailureDetail, agentFailures, operatorDrain);
    }

    MemberSnapshot withReply(MemberAgentState next, String line, Instant at) {
        return new MemberSnapshot(probe, probeDetail, agentEnabled, next, line, at, null, "", 0, operatorDrain);
    }

    MemberSnapshot withAgentFailure(AgentFailure failure, String detail) {
        return new MemberSnapshot(probe, probeDetail, agentEnabled, agent.onAgentFailure(), lastReply, lastReplyAt,
                failure, detail, agentFailures + 1, operatorDrain);
    }

    MemberSnapshot withOperatorDrain(boolean drain) {
        return new MemberSnapshot(probe, probeDetail, agentEnabled, agent, lastReply, lastReplyAt, agentFailure,
                agentFailureDetail, agentFailures, drain);
    }
}
