package io.rxhealth.ovs.health;

/**
 * One liveness check of one member from the node's own address. Blocks for at most the probe's
 * timeout. Throwing is a failed probe (the exception's message is the detail).
 */
public interface LivenessProbe {
    ProbeResult run() throws Exception;
}
