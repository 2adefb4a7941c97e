package io.rxhealth.ovs.slots;

import io.rxhealth.weighting.maglev.SlotTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Records every apply; fails the next {@code failNext} calls when asked to. Thread-safe. */
public final class RecordingSlotTableWriter implements SlotTableWriter {
    /** One call as the writer saw it. */
    public record Apply(PoolSpec pool, SlotTable installed, SlotTable next, boolean force) {
    }

    private final List<Apply> applies = new ArrayList<>();
    private int failNext;
    private int failures;

    @Override
    public synchronized ApplyResult apply(PoolSpec pool, SlotTable installed, SlotTable next, boolean force)
            throws Exception {
        if (failNext > 0) {
            failNext--;
            failures++;
            throw new java.io.IOException("ovs-ofctl: bundle failed (test)");
        }
        applies.add(new Apply(pool, installed, next, force));
        boolean full = installed == null || force;
        return new ApplyResult(pool.id(), full ? ApplyMode.FULL : ApplyMode.INCREMENTAL, next.size(), next.size(),
                Duration.ZERO, next.digest());
    }

    public synchronized void failNext(int calls) {
        failNext = calls;
    }

    public synchronized int failures() {
        return failures;
    }

    public synchronized List<Apply> applies() {
        return List.copyOf(applies);
    }

    public synchronized Apply last() {
        return applies.isEmpty() ? null : applies.get(applies.size() - 1);
    }
}
