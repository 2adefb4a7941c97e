package io.rxhealth.ovs;

import io.rxhealth.ovs.neigh.NeighbourReport;
import io.rxhealth.ovs.slots.SlotTableWriter;
import java.util.List;

/**
 * What the daemon writes besides the pool controller's decisions: {@link SlotsOnlyDataPlane}
 * without a topology (the controller's writer goes straight to table 11), {@link PipelineDataPlane}
 * with one (the whole pipeline, kept and repaired). {@link LbNode} chooses by the configuration.
 */
interface DataPlane extends AutoCloseable {
    /** Applies the pool controller's layout now; {@code force} replaces every table in full. */
    @FunctionalInterface
    interface Reconcile {
        boolean now(boolean force) throws InterruptedException;
    }

    /** The writer the pool controller uses. */
    SlotTableWriter writer();

    /** Before the first slot apply. */
    void beforeFirstApply();

    /** After the first slot apply. */
    void afterFirstApply();

    /** Starts what runs in the background; nothing before {@link #afterFirstApply()}. */
    void start();

    /** An operator's forced re-apply: the slot tables through {@code reconcile}, and whatever else this plane writes. */
    boolean reapply(Reconcile reconcile) throws InterruptedException;

    /** The members' neighbours as this plane knows and wrote them; empty without a topology. */
    List<NeighbourReport> neighbours();

    @Override
    void close();
}
