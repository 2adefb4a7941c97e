package io.rxhealth.ovs.neigh;

/** Where a member's MAC comes from. */
public enum Origin {
    /** The kernel's neighbour table resolves it now (REACHABLE, STALE, DELAY, PROBE, PERMANENT...). */
    KERNEL,
    /** The kernel has no usable entry (FAILED, INCOMPLETE, gone, or the table cannot be read): the last MAC it had is kept. */
    LAST_KNOWN,
    /** Never resolved since the daemon started: the member has no table-21 flow. */
    UNRESOLVED
}
