package io.rxhealth.ovs.pool;

/** What {@link ReconcileLoop} drives: {@link PoolController}, or a fake in a test. */
public interface Reconciler {
    /** Applies every pool's table that differs (all when forced); false when some apply failed. */
    boolean reconcile(boolean force);

    /** Reads the installed tables back; true when one drifted and is now due for a full apply. */
    boolean verify();
}
