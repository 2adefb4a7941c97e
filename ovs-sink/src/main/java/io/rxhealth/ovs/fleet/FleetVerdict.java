package io.rxhealth.ovs.fleet;

/**
 * A member's probe and agent state as the fleet sees it: what a majority of the live LB nodes
 * observe ({@link Quorum#verdict}). Every node computes the same verdict from the same replicated
 * observations.
 *
 * @param probeUp       a majority of the live nodes see the probe up
 * @param agentUp       a majority see the agent's health up
 * @param agentDrain    a majority see the agent's drain
 * @param agentMaint    a majority see the agent's maint
 * @param weightPercent the median of the live nodes' agent percentages (the lower one of an even count)
 * @param votes         how many live nodes' observations were counted
 * @param probeUpVotes  how many of them see the probe up
 */
public record FleetVerdict(boolean probeUp, boolean agentUp, boolean agentDrain, boolean agentMaint,
                           int weightPercent, int votes, int probeUpVotes) {
    /** True when the member takes new traffic on every node, operator drains aside. */
    public boolean inService() {
        return probeUp && agentUp && !agentDrain && !agentMaint;
    }
}
