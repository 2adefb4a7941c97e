package io.rxhealth.ovs.outage;

/** What one look at the node's own switch found. */
public enum SwitchCheck {
    /** It answered and holds the pipeline as written (or it was just re-applied). */
    HOLDS,
    /** It answered but does not hold the pipeline (restarted empty, wiped): it drops what crosses it. */
    LOST,
    /** Its OpenFlow call failed: not running, restarting, or past the call's deadline. */
    UNREACHABLE
}
