package io.rxhealth.ovs.flow;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.openflow.Bundle;
import io.rxhealth.ovs.openflow.FlowEntry;
import io.rxhealth.ovs.openflow.FlowQuery;
import io.rxhealth.ovs.openflow.OpenFlowException;
import io.rxhealth.ovs.openflow.OpenFlowSwitch;
import io.rxhealth.ovs.slots.ApplyMode;
import io.rxhealth.ovs.slots.ApplyResult;
import io.rxhealth.ovs.slots.MemberSpec;
import io.rxhealth.ovs.slots.MemberTraffic;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.SlotTableWriter;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.SlotChange;
import io.rxhealth.weighting.maglev.SlotDiff;
import io.rxhealth.weighting.maglev.SlotTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The slot-table writer of a real Open vSwitch: writes pools' slot tables into table 11 of one
 * switch and reads table 11 back. Every write is one bundle: atomic, the switch never holds an
 * intermediate table, and a rejected bundle leaves the previous one. {@link #holds} reads a pool's
 * slots back so that drift (a {@code del-flows}, a pipeline {@code replace-flows}, an ovs-vswitchd
 * restart, a slot changed by hand) is found within one reconcile interval.
 *
 * <p>Holds no state but a hint that saves the read-back a scan: the caller owns the belief of what
 * is installed, passes it in, and replaces it with the applied table only when {@link #apply}
 * returns. Not for concurrent use per pool.
 */
public final class BundleSlotWriter implements SlotTableWriter {
    private static final String KEPT_TABLE = "; the switch kept its previous table";
    private static final String UNSURE = "; the table is the previous or the new one: read back";
    /** The longest a read-back request waits for an apply: a full apply of 65,536 slots takes ~0.8 s. */
    static final Duration READ_PATIENCE = Duration.ofSeconds(2);

    private final OpenFlowSwitch ovs;
    private final MoveStyle moveStyle;
    private final Ticker ticker;
    /** Applies in flight: the read-back's requests wait for them. */
    private final ApplyTurns turns = new ApplyTurns();
    /** Per pool, table 11's flow count when the pool's own flow count was last found right. */
    private final Map<Integer, Long> countedAt = new ConcurrentHashMap<>();

    /** @param moveStyle how incremental bundles move a slot to another member */
    public BundleSlotWriter(OpenFlowSwitch ovs, MoveStyle moveStyle, Ticker ticker) {
        this.ovs = requireNonNull(ovs, "ovs");
        this.moveStyle = requireNonNull(moveStyle, "moveStyle");
        this.ticker = requireNonNull(ticker, "ticker");
    }

    /**
     * Makes the pool's slots in table 11 equal {@code next}. {@code installed} is what the caller
     * believes is there ({@code null}: nothing known). Writes nothing when they are equal and
     * {@code force} is false; only the changed slots when both are known and of one size; else the
     * whole pool (also when forced). An empty {@code next} removes the pool's slots: fail-close.
     *
     * @throws OpenFlowException when the switch refuses the bundle or does not answer in time; keep {@code installed} as the
     *                             belief (the switch kept its table) and retry
     */
    @Override
    public ApplyResult apply(PoolSpec spec, SlotTable installed, SlotTable next, boolean force)
            throws OpenFlowException {
        int pool = Table11.checkPool(spec.id());
        requireNonNull(next, "next");
        if (!force && next.equals(installed)) {
            return new ApplyResult(pool, ApplyMode.UNCHANGED, 0, 0, Duration.ZERO, next.digest());
        }
        boolean sameSize = installed != null && installed.size() == next.size();
        List<SlotChange> changes = sameSize ? SlotDiff.between(installed, next) : null;
        ApplyMode mode;
        Bundle bundle;
        if (next.isEmpty()) {
            mode = ApplyMode.FAIL_CLOSE;
            bundle = FlowRenderer.full(pool, next);
        } else if (force || !sameSize) {
            mode = ApplyMode.FULL;
            bundle = FlowRenderer.full(pool, next);
        } else {
            mode = ApplyMode.INCREMENTAL;
            bundle = FlowRenderer.incremental(pool, changes, moveStyle);
        }
        int slotsChanged = sameSize ? changes.size() : next.size();
        long start = ticker.nanos();
        turns.applyStarted();
        try {
            ovs.bundle(bundle);
        } catch (OpenFlowException e) {
            throw e.explained(KEPT_TABLE, UNSURE);
        } finally {
            turns.applyEnded();
        }
        Duration took = Duration.ofNanos(ticker.nanos() - start);
        return new ApplyResult(pool, mode, bundle.flowMods(), slotsChanged, took, next.digest());
    }

    /**
     * Reads {@code pool}'s slots back in small reads ({@link PoolReads}), each sent only when no
     * apply of this writer is in flight, so that a bundle waits for one of them at most, never
     * for a read of the whole table nor for reads served between its own messages. The count of
     * the pool's flows (one scan of the table by the switch) is asked for only when table 11's
     * flow count (which the switch keeps, 0.3 ms to ask) differs from the last time the pool's
     * count was right: a flow of the pool that the cookie reads cannot see (a cookie of no member)
     * changes table 11's count, unless another flow of table 11 went at the same time. When that
     * was a slot flow, its pool's reads see it and the re-apply moves the count; only a foreign
     * flow of no pool swapped for one of this pool waits for the next change of the count.
     */
    @Override
    public boolean holds(PoolSpec pool, SlotTable installed) throws OpenFlowException {
        int id = Table11.checkPool(pool.id());
        if (installed == null) {
            return false;
        }
        awaitTurn();
        List<FlowEntry> read = new ArrayList<>(ovs.flows(PoolReads.failClose()));
        for (FlowQuery query : PoolReads.slotReads(id, installed)) {
            awaitTurn();
            read.addAll(ovs.flows(query));
        }
        if (!PoolReads.readsHold(id, installed, read)) {
            countedAt.remove(id);
            return false;
        }
        // After the reads: a flow added since is in this count, so it differs from the one kept.
        long tableCount = ovs.tableFlowCount(Table11.TABLE);
        Long counted = countedAt.get(id);
        if (counted != null && counted == tableCount) {
            return true;
        }
        awaitTurn();
        if (!PoolReads.countHolds(installed, ovs.flowCount(PoolReads.poolFlows(id)))) {
            countedAt.remove(id);
            return false;
        }
        countedAt.put(id, tableCount);
        return true;
    }

    /** Lets an apply in flight finish first (at most {@link #READ_PATIENCE}); then the next read request. */
    private void awaitTurn() throws OpenFlowException {
        try {
            turns.awaitIdle(READ_PATIENCE.toNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OpenFlowException("read-back of table 11 interrupted", OpenFlowException.Failure.NOT_MADE, e);
        }
    }

    @Override
    public Map<String, MemberTraffic> traffic(PoolSpec pool) throws OpenFlowException {
        PoolReadback readback = read().pool(pool.id(), pool.slots());
        Map<String, MemberTraffic> traffic = new HashMap<>();
        for (MemberSpec m : pool.members()) {
            FlowCounters c = readback.counters(m.key());
            traffic.put(m.key(), new MemberTraffic(c.packets(), c.bytes()));
        }
        return traffic;
    }

    /** Closes the switch's connection, if it keeps one. */
    @Override
    public void close() {
        ovs.close();
    }

    /** Reads all of table 11 (every pool and the fail-close flow) in one request. */
    public Table11Snapshot read() throws OpenFlowException {
        return Table11Snapshot.of(ovs.flows(FlowQuery.table(Table11.TABLE)));
    }
}
