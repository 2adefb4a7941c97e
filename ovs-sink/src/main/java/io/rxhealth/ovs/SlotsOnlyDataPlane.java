package io.rxhealth.ovs;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.neigh.NeighbourReport;
import io.rxhealth.ovs.slots.SlotTableWriter;
import java.util.List;

/** A node without a topology: the switch's pipeline is someone else's, this node writes table 11 only. */
final class SlotsOnlyDataPlane implements DataPlane {
    private final SlotTableWriter writer;

    SlotsOnlyDataPlane(SlotTableWriter writer) {
        this.writer = requireNonNull(writer, "writer");
    }

    @Override
    public SlotTableWriter writer() {
        return writer;
    }

    @Override
    public void beforeFirstApply() {
    }

    @Override
    public void afterFirstApply() {
    }

    @Override
    public void start() {
    }

    /** Every pool's table is replaced in full. */
    @Override
    public boolean reapply(Reconcile reconcile) throws InterruptedException {
        return reconcile.now(true);
    }

    @Override
    public List<NeighbourReport> neighbours() {
        return List.of();
    }

    @Override
    public void close() {
    }
}
