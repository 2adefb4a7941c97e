package io.rxhealth.weighting.agentcheck;

import static java.util.Objects.requireNonNull;

import java.util.OptionalInt;

/**
 * What a load balancer believes about one member from its agent, kept by the same state machine
 * as HAProxy 2.6 (docs/agent-check.md): the health changes only on a health word; drain and maint
 * are one admin state, so each replaces the other, and both are sticky until {@code ready}; the
 * weight percentage is sticky until the next percentage; a failing agent changes nothing
 * (fail-static). Immutable; transitions are pure.
 *
 * <p>The initial state is {@link #initial()}: up, ready, 100%. HAProxy starts the agent's health
 * at its rise value (1), so a server is not held back by an agent it has not heard from yet; the
 * liveness probe, not the agent, decides whether a member that never answered takes traffic.
 *
 * <p>Weights are taken as under a dynamic HAProxy algorithm (roundrobin, leastconn): every
 * percentage applies. Under {@code static-rr} HAProxy would reject all but 0% and 100%; a Maglev
 * table has no such limit, and the agent is expected to be set up for dynamic weights.
 *
 * @param health        last health word seen
 * @param drain         FDRAIN: set by {@code drain}, cleared by {@code maint} or {@code ready}
 * @param maint         FMAINT: set by {@code maint}, cleared by {@code drain} or {@code ready};
 *                      never both with {@code drain}
 * @param weightPercent last percentage seen (0..25600), relative to the configured weight
 * @param maxconn       last {@code maxconn:} seen; never reset by {@code up} or {@code ready}
 */
public record MemberAgentState(AgentHealth health, boolean drain, boolean maint, int weightPercent,
                               OptionalInt maxconn) {
    /** HAProxy's maximum server weight; an agent percentage never scales beyond it. */
    public static final int MAX_WEIGHT = 256;

    public MemberAgentState {
        requireNonNull(health, "health");
        requireNonNull(maxconn, "maxconn");
        if (drain && maint) {
            throw new IllegalArgumentException("drain and maint: both set (expected: at most one, as HAProxy's"
                    + " agent sets one admin state)");
        }
        if (weightPercent < 0 || weightPercent > AgentReplyParser.MAX_PERCENT) {
            throw new IllegalArgumentException("weightPercent: " + weightPercent + " (expected: 0.."
                    + AgentReplyParser.MAX_PERCENT + ")");
        }
    }

    public static MemberAgentState initial() {
        return new MemberAgentState(AgentHealth.UP, false, false, 100, OptionalInt.empty());
    }

    /**
     * The state after one reply. HAProxy's order: admin word first, then weight, then maxconn,
     * then health; categories the line does not carry stay as they were. Junk and an empty line
     * carry nothing and so change nothing.
     */
    public MemberAgentState apply(ParsedReply reply) {
        boolean nextDrain = drain;
        boolean nextMaint = maint;
        if (reply.admin().isPresent()) {
            switch (reply.admin().get()) {
                // srv_adm_set_drain()/srv_adm_set_maint(): each clears the other's flag.
                case DRAIN -> {
                    nextDrain = true;
                    nextMaint = false;
                }
                case MAINT -> {
                    nextMaint = true;
                    nextDrain = false;
                }
                // "ready" lifts both flags, whoever set them (docs/agent-check.md).
                case READY -> {
                    nextDrain = false;
                    nextMaint = false;
                }
                default -> throw new IllegalStateException("admin word: " + reply.admin().get());
            }
        }
        return new MemberAgentState(reply.health().orElse(health), nextDrain, nextMaint,
                reply.weightPercent().orElse(weightPercent),
                reply.maxconn().isPresent() ? reply.maxconn() : maxconn);
    }

    /**
     * The state after a failed poll (refused, timed out, no newline, empty response): unchanged.
     * HAProxy leaves a server as it was when its agent fails, even a server an earlier
     * {@code down} took out (docs/agent-check.md).
     */
    public MemberAgentState onAgentFailure() {
        return this;
    }

    /**
     * The agent's weight for a member configured with {@code configuredWeight}: the percentage of
     * it with integer truncation, capped at {@value #MAX_WEIGHT}, whatever the health and admin
     * flags say (HAProxy keeps it and uses it when the member comes back). Weight 1 at 50% is 0.
     */
    public int agentWeight(int configuredWeight) {
        if (configuredWeight < 0 || configuredWeight > MAX_WEIGHT) {
            throw new IllegalArgumentException("configuredWeight: " + configuredWeight + " (expected: 0.."
                    + MAX_WEIGHT + ")");
        }
        return (int) Math.min(MAX_WEIGHT, (long) configuredWeight * weightPercent / 100);
    }

    /** True when the agent lets the member take new traffic: up and neither drained nor in maint. */
    public boolean inService() {
        return health == AgentHealth.UP && !drain && !maint;
    }

    /** Short label for reports: {@code maint}, {@code drain}, {@code down} or {@code up 75%}. */
    public String label() {
        if (maint) {
            return "maint";
        }
        if (drain) {
            return "drain";
        }
        return health == AgentHealth.DOWN ? "down" : "up " + weightPercent + "%";
    }
}
