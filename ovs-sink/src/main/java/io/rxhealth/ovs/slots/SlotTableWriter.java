package io.rxhealth.ovs.slots;

import io.rxhealth.weighting.maglev.SlotTable;
import java.util.Map;

/**
 * Installs a pool's slot table into the data plane (OVS table 11), atomically: after a call the
 * data plane holds either {@code installed} or {@code next}, never a mix. Called from one thread
 * at a time (the pool controller's) for {@link #apply}; {@link #holds} and {@link #traffic} may
 * run meanwhile on other threads and must only read.
 *
 * <p>An empty {@code next} ({@link SlotTable#isEmpty()}) means fail-close: the pool's slots are
 * removed so that only {@code priority=0 actions=drop} remains for its traffic.
 */
public interface SlotTableWriter extends AutoCloseable {
    /**
     * Makes the data plane hold {@code next} for {@code pool}.
     *
     * @param pool      the pool, with its members' ids and addresses
     * @param installed what the caller believes is installed for this pool, or {@code null} when
     *                  it does not know (first apply after start, or after a failure it cannot
     *                  rule out); a writer may send only the slots that differ from it
     * @param next      the table to install; same size as {@code installed}
     * @param force     true when the data plane may have lost the pool's flows (a pipeline
     *                  re-apply, an operator's {@code /reapply}): replace the whole table
     *                  whatever {@code installed} says
     * @throws Exception when the table could not be installed; the caller keeps believing
     *                   {@code installed} and retries on its next cycle
     */
    ApplyResult apply(PoolSpec pool, SlotTable installed, SlotTable next, boolean force) throws Exception;

    /**
     * Whether the data plane still holds {@code installed} for {@code pool}; the periodic read-back
     * asks, and the pool is re-applied in full when it does not. A writer that cannot read back
     * says true. Called from the read-back's own thread, possibly while an apply runs: like
     * {@link #traffic}, it must only read.
     *
     * @throws Exception when the data plane cannot be read; the reconcile retries later
     */
    default boolean holds(PoolSpec pool, SlotTable installed) throws Exception {
        return true;
    }

    /**
     * Packet and byte counters of each member's slot flows, by member key, for the slot report;
     * empty when the writer cannot count. Unlike the other methods it is called from the API's
     * thread, possibly while an apply runs: it must only read.
     *
     * @throws Exception when the data plane cannot be read
     */
    default Map<String, MemberTraffic> traffic(PoolSpec pool) throws Exception {
        return Map.of();
    }

    /** Releases the writer's connection to the data plane, if it keeps one; nothing by default. */
    @Override
    default void close() {
    }
}
