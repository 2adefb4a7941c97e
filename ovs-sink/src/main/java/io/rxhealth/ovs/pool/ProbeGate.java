package io.rxhealth.ovs.pool;

/**
 * Which failed probes say nothing about their member: those that crossed the node's own switch
 * while it was down (the outage package judges it). {@link #OPEN} for a node that counts them all.
 */
@FunctionalInterface
public interface ProbeGate {
    ProbeGate OPEN = openedAt -> false;

    /** Whether a failed probe opened at {@code openedAt} (ticker nanos) is frozen. */
    boolean freezes(long openedAt);
}
