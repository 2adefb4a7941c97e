package io.rxhealth.ovs.pool;

/** Why a member holds no slots, in the order reports name them; {@link #NONE} when it is in. */
public enum Exclusion {
    NONE("up"),
    PROBE_UNKNOWN("down (not probed yet)"),
    PROBE_DOWN("down (probe)"),
    AGENT_MAINT("maint (agent)"),
    AGENT_DRAIN("drain (agent)"),
    AGENT_DOWN("down (agent)"),
    OPERATOR_DRAIN("drain (operator)");

    private final String label;

    Exclusion(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
