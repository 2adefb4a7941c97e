package io.rxhealth.ovs.slots;

/** What an apply wrote. */
public enum ApplyMode {
    /** The table equals what is installed and no re-apply was forced: nothing was run. */
    UNCHANGED,
    /** Only the changed slots, in one bundle. */
    INCREMENTAL,
    /** The pool's flows deleted and all slots added, in one bundle. */
    FULL,
    /** The pool has no owner: its flows deleted, only the shared drop flow left (in one bundle). */
    FAIL_CLOSE
}
