package io.rxhealth.ovs.fleet;

import static java.util.Objects.requireNonNull;

/**
 * What one LB node believes about one member after its latest polls, as it writes it to the
 * fleet's database: its probe verdict (after rise/fall), and its agent state (kept fail-static
 * across failed agent polls, as a single node keeps it). A failed poll is not a missing
 * observation: it is what that node observes, and it counts in the quorum.
 *
 * @param node          the observing LB node's name
 * @param probeUp       the node's probe verdict is up
 * @param agentUp       the agent's last health word was up (true for a member without agent)
 * @param agentDrain    the agent said drain
 * @param agentMaint    the agent said maint
 * @param weightPercent the agent's last weight percentage (100 for a member without agent)
 * @param atMillis      wall time of the observation, for humans
 */
public record Observation(String node, boolean probeUp, boolean agentUp, boolean agentDrain,
                          boolean agentMaint, int weightPercent, long atMillis) {
    public Observation {
        requireNonNull(node, "node");
        if (weightPercent < 0) {
            throw new IllegalArgumentException("weightPercent: " + weightPercent + " (expected: >= 0)");
        }
    }

    /** The same belief, whatever the time: a node writes an observation only when this changes. */
    public boolean sameBelief(Observation other) {
        return other != null && probeUp == other.probeUp && agentUp == other.agentUp
                && agentDrain == other.agentDrain && agentMaint == other.agentMaint
                && weightPercent == other.weightPercent;
    }
}
