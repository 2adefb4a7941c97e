package io.rxhealth.weighting.panic;

/** Where a member stands for the panic decision. */
public enum Standing {
    /** The liveness probe passes: the member's effective weight (reduced by its agent, perhaps to 0) is healthy weight. */
    PROBE_UP,
    /** The liveness probe fails or has not run yet: the member takes no traffic, in panic neither. */
    PROBE_DOWN,
    /** An operator took the member out (drain or maint): not a failure, so it counts in neither side of the share. */
    OPERATOR_OUT
}
