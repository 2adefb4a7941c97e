package io.rxhealth.ovs.health;

/** What the liveness probes say about a member. {@link #UNKNOWN} until the first probe ends. */
public enum ProbeState {
    UNKNOWN, UP, DOWN
}
