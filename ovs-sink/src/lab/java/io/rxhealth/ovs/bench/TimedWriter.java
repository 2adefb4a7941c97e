package io.rxhealth.ovs.bench;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.slots.ApplyResult;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.SlotTableWriter;
import io.rxhealth.weighting.maglev.SlotDiff;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Wraps the daemon's writer and records when each successful apply started and ended, and when
 * each read-back did and what it found (System.nanoTime).
 */
final class TimedWriter implements SlotTableWriter {
    /** One apply: its bounds in nanoseconds, what it installed, whether forced, and how. */
    record Apply(long startNanos, long endNanos, SlotTable next, boolean force, int slotsMoved, ApplyResult outcome) {
        double millis() {
            return (endNanos - startNanos) / 1e6;
        }
    }

    /** One read-back: its bounds in nanoseconds and whether the table held. */
    record Readback(long startNanos, long endNanos, boolean held) {
        double millis() {
            return (endNanos - startNanos) / 1e6;
        }
    }

    private final SlotTableWriter delegate;
    private final BlockingQueue<Apply> applies = new LinkedBlockingQueue<>();
    private final BlockingQueue<Readback> readbacks = new LinkedBlockingQueue<>();

    TimedWriter(SlotTableWriter delegate) {
        this.delegate = requireNonNull(delegate, "delegate");
    }

    @Override
    public ApplyResult apply(PoolSpec pool, SlotTable installed, SlotTable next, boolean force) throws Exception {
        long start = System.nanoTime();
        ApplyResult outcome = delegate.apply(pool, installed, next, force);
        long end = System.nanoTime();
        int moved = installed == null ? next.size() : SlotDiff.between(installed, next).size();
        applies.add(new Apply(start, end, next, force, moved, outcome));
        return outcome;
    }

    @Override
    public boolean holds(PoolSpec pool, SlotTable installed) throws Exception {
        long start = System.nanoTime();
        boolean held = delegate.holds(pool, installed);
        readbacks.add(new Readback(start, System.nanoTime(), held));
        return held;
    }

    @Override
    public void close() {
        delegate.close();
    }

    BlockingQueue<Apply> applies() {
        return applies;
    }

    BlockingQueue<Readback> readbacks() {
        return readbacks;
    }
}
