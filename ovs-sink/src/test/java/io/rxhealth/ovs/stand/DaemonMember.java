package io.rxhealth.ovs.stand;

/** One member in the LB daemon's {@code /slots}: why it is in or out, its effective weight and slots. */
record DaemonMember(String key, String verdict, String agent, int effectiveWeight, int slots) {
    @Override
    public String toString() {
        return key + " " + verdict + " (agent " + agent + ") weight " + effectiveWeight + ", " + slots + " slots";
    }
}
