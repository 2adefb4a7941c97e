package io.rxhealth.ovs.stand;

/**
 * One member in the LB daemon's {@code /slots}: why it is in or out, what its agent says, its
 * configured, agent and effective weight, and its slots.
 */
record DaemonMember(String key, String verdict, String agent, int configuredWeight, int agentWeight,
                    int effectiveWeight, int slots) {
    @Override
    public String toString() {
        return key + " " + verdict + " (agent " + agent + ") weight " + effectiveWeight + ", " + slots + " slots";
    }
}
