package io.rxhealth.ovs.pool;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.Timer;
import io.rxhealth.ovs.slots.ApplyResult;
import io.rxhealth.ovs.slots.MemberSpec;
import io.rxhealth.ovs.slots.MemberTraffic;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.SlotTableWriter;
import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.SlotDiff;
import io.rxhealth.weighting.maglev.SlotTable;
import io.rxhealth.weighting.maglev.ZeroSlots;
import io.rxhealth.weighting.panic.PanicThreshold;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns members' weights into each pool's slot table and hands changed tables to the writer.
 * The layout is a function of the pool as it is now (every configured member, weight 0 for those
 * out, and in panic every probe-up member at its configured weight: {@link PoolWeights}), so every
 * LB node fed the same verdicts installs the same table and digest. Thread-safe: reconcile and
 * report are serialised.
 */
public final class PoolController implements Reconciler {
    private static final Logger log = LoggerFactory.getLogger(PoolController.class);

    private final List<PoolState> pools = new ArrayList<>();
    /**
     * One reconcile at a time; taken before the state lock ({@code this}), which guards the pools'
     * state and is held only briefly, never across a writer's call.
     */
    private final Object applyLock = new Object();
    private final Map<String, MemberRuntime> members;
    private final SlotTableWriter writer;
    private final InstantSource clock;
    private final PoolTables tables;
    private final LbMetrics metrics;

    /** {@code members} by key must hold every member of every pool; every pool has the default panic threshold. */
    public PoolController(List<PoolSpec> pools, Map<String, MemberRuntime> members, SlotTableWriter writer,
                          LbMetrics metrics, InstantSource clock) {
        this(pools, pools.stream().collect(Collectors.toMap(PoolSpec::name, p -> PanicThreshold.DEFAULT)), members,
                writer, metrics, clock, PoolTables.LOCAL);
    }

    /**
     * As above, with each pool's panic threshold by pool name ({@code panicThresholds} must name
     * every pool) and its next table taken from {@code tables} (a fleet's database).
     */
    public PoolController(List<PoolSpec> pools, Map<String, PanicThreshold> panicThresholds,
                          Map<String, MemberRuntime> members, SlotTableWriter writer, LbMetrics metrics,
                          InstantSource clock, PoolTables tables) {
        this.tables = requireNonNull(tables, "tables");
        this.metrics = requireNonNull(metrics, "metrics");
        this.members = Map.copyOf(members);
        this.writer = requireNonNull(writer, "writer");
        this.clock = requireNonNull(clock, "clock");
        for (PoolSpec spec : pools) {
            for (MemberSpec m : spec.members()) {
                if (!this.members.containsKey(m.key())) {
                    throw new IllegalArgumentException("member " + m.key() + " of pool " + spec.name()
                            + ": no runtime (expected: one per configured member)");
                }
            }
            PanicThreshold panic = panicThresholds.get(spec.name());
            if (panic == null) {
                throw new IllegalArgumentException("pool " + spec.name() + ": no panic threshold (expected: one per pool)");
            }
            this.pools.add(new PoolState(spec, panic, metrics));
        }
    }

    /**
     * Computes every pool's table and applies those that differ from what is installed (all of
     * them when {@code force}). Returns false when some apply failed: the caller retries soon.
     */
    @Override
    public boolean reconcile(boolean force) {
        synchronized (applyLock) {
            return reconcileAll(force);
        }
    }

    private boolean reconcileAll(boolean force) {
        Timer.Sample took = metrics.start();
        boolean allApplied = true;
        for (PoolState pool : pools) {
            allApplied &= reconcile(pool, force);
        }
        took.stop(metrics.reconciles());
        return allApplied;
    }

    /**
     * Reads every pool's installed table back from the data plane and marks a pool that no longer
     * holds it (flows deleted, the pipeline replaced, the switch restarted) for a full re-apply;
     * true when one did. The read-back runs outside the controller's lock, so an apply never
     * waits behind it here, and the writer reads in small requests, so that it does not wait
     * long behind one at the switch either; a read that an apply overtook is discarded, as it may
     * show the table the apply replaced, or part of each.
     */
    @Override
    public boolean verify() {
        boolean drifted = false;
        for (Readback r : readbacks()) {
            try {
                if (!writer.holds(r.pool().spec, r.installed())) {
                    drifted |= drifted(r);
                }
            } catch (Exception e) {
                readbackFailed(r, e);
            }
        }
        return drifted;
    }

    /** A pool's installed table as of its {@code applies}-th apply: what one read-back checks. */
    private record Readback(PoolState pool, SlotTable installed, long applies) {
    }

    private synchronized List<Readback> readbacks() {
        List<Readback> out = new ArrayList<>();
        for (PoolState pool : pools) {
            // Unknown or already due for a full apply: nothing a read-back could add.
            if (pool.installed != null && !pool.forceNext && !pool.applying) {
                out.add(new Readback(pool, pool.installed, pool.appliesDone));
            }
        }
        return out;
    }

    private synchronized boolean drifted(Readback r) {
        PoolState pool = r.pool();
        if (pool.appliesDone != r.applies() || pool.forceNext || pool.applying) {
            return false;
        }
        pool.drifts.increment();
        pool.forceNext = true;
        log.warn("pool {}: the data plane no longer holds digest {}; re-applying in full", pool.spec.name(),
                r.installed().digest());
        return true;
    }

    private synchronized void readbackFailed(Readback r, Exception e) {
        r.pool().lastError = e.toString();
        log.warn("pool {}: cannot read the data plane back: {}", r.pool().spec.name(), e.toString());
    }

    /**
     * One pool's reconcile. The state lock ({@code this}) is held to lay out and to record, never
     * across the writer's call: an apply that hangs on the switch (up to ovs-ofctl's deadline)
     * must not hold up {@code /status}, the slot gauges or a drain's check.
     */
    private boolean reconcile(PoolState pool, boolean force) {
        SlotTable next;
        SlotTable installed;
        boolean forced;
        int moved;
        synchronized (this) {
            next = layout(pool);
            installed = pool.installed;
            forced = force || pool.forceNext;
            if (!forced && installed != null && installed.digest().equals(next.digest())) {
                return true;
            }
            moved = installed == null ? countOwned(next) : SlotDiff.between(installed, next).size();
            pool.applying = true;
        }
        ApplyResult outcome;
        Timer.Sample took = metrics.start();
        try {
            outcome = writer.apply(pool.spec, installed, next, forced);
        } catch (Exception e) {
            took.stop(pool.applyDuration);
            synchronized (this) {
                pool.applying = false;
                pool.failed.increment();
                pool.applyFailures++;
                pool.lastError = e.toString();
                // The writer is atomic: what was installed stays installed. The next try replaces the
                // whole table anyway, in case the failure hid a partial effect.
                pool.forceNext = true;
            }
            log.warn("pool {}: apply of digest {} failed, keeping {}: {}", pool.spec.name(), next.digest(),
                    installed == null ? "nothing known" : installed.digest(), e.toString());
            return false;
        }
        took.stop(pool.applyDuration);
        synchronized (this) {
            pool.applying = false;
            pool.appliesDone++;
            pool.held = next.slotCounts();
            pool.install(next);
            pool.lastApplyAt = clock.instant();
            pool.lastSlotsMoved = moved;
            pool.lastError = null;
            pool.forceNext = false;
            pool.applied.increment();
            tables.installed(pool.spec, next);
        }
        // The layout version beside the digest: a release that changes the layout function changes
        // every digest, and this says why.
        log.info("pool {}: applied digest {} (layout v{}, {} slots moved, {} flow mods{}{})", pool.spec.name(),
                next.digest(), Maglev.LAYOUT_VERSION, moved, outcome.flowMods(),
                outcome.fullReplace() ? ", full replace" : "", forced ? ", forced" : "");
        if (next.isEmpty()) {
            pool.failClose.increment();
            log.warn("pool {}: every member is out, table is empty: traffic to {}:{} is dropped (fail-close)",
                    pool.spec.name(), pool.spec.listenerAddress(), pool.spec.listenerPort());
        }
        return true;
    }

    private SlotTable layout(PoolState pool) {
        PoolSpec spec = pool.spec;
        PoolWeights own = PoolWeights.of(spec, snapshots(spec), pool.panicThreshold);
        PoolLayout next = tables.next(spec, own.panic());
        // In a fleet the table was computed from the quorum's weights: gauges and logs describe those.
        PoolWeights weights = own.decidedBy(next.decision());
        PanicTransitions.record(pool, weights);
        pool.layoutWeights = next.decision().weights();
        ZeroSlotMembers.record(pool, ZeroSlots.in(next.table(), PoolLayout.members(spec, next.decision())));
        return next.table();
    }

    private List<MemberSnapshot> snapshots(PoolSpec spec) {
        return spec.members().stream().map(m -> members.get(m.key()).snapshot()).toList();
    }

    private static int countOwned(SlotTable table) {
        int owned = 0;
        for (int i = 0; i < table.size(); i++) {
            if (table.owner(i) != null) {
                owned++;
            }
        }
        return owned;
    }

    /** Pools and members as installed and as they stand now, without traffic counters. */
    public synchronized List<PoolReport> report() {
        return report(false);
    }

    /**
     * Pools and members as installed and as they stand now; with {@code traffic}, each member's
     * packet and byte counters are read from the data plane (-1 where they cannot be). The read
     * happens outside the lock, so a slow dump (0.5 s at 65536 slots) never holds up a reconcile.
     */
    public List<PoolReport> report(boolean traffic) {
        Map<Integer, Map<String, MemberTraffic>> counters = new HashMap<>();
        if (traffic) {
            for (PoolState pool : pools) {
                try {
                    counters.put(pool.spec.id(), writer.traffic(pool.spec));
                } catch (Exception e) {
                    log.warn("pool {}: cannot read traffic counters: {}", pool.spec.name(), e.toString());
                }
            }
        }
        synchronized (this) {
            List<PoolReport> reports = new ArrayList<>();
            for (PoolState pool : pools) {
                reports.add(Reports.pool(pool, members, counters.getOrDefault(pool.spec.id(), Map.of()),
                        tables.shared()));
            }
            return reports;
        }
    }

    /**
     * Takes over what {@code previous} (the same daemon before a reload) installed, for each pool
     * whose id, listener and slot count did not change, so the first reconcile after a reload
     * writes only the slots that differ (none when the members stand as before); and each pool's
     * panic state from the pool of the same name, so that only a real change of it is logged.
     */
    public synchronized void adopt(PoolController previous) {
        for (PoolState pool : pools) {
            for (PoolState old : previous.snapshotPools()) {
                if (old.installed != null && old.spec.id() == pool.spec.id() && old.spec.slots() == pool.spec.slots()
                        && old.spec.listenerAddress().equals(pool.spec.listenerAddress())
                        && old.spec.listenerPort() == pool.spec.listenerPort()) {
                    pool.held = old.held;
                    pool.install(old.installed);
                    pool.lastApplyAt = old.lastApplyAt;
                }
                if (old.spec.name().equals(pool.spec.name())) {
                    // The decision in force goes on: a reload logs a panic only if it begins or ends,
                    // and the zero-slot members only if they change.
                    pool.panic = old.panic;
                    pool.zeroSlots = old.zeroSlots;
                }
            }
        }
    }

    /**
     * Takes {@code held}, what the data plane holds for pool {@code poolId} as read at start, as the
     * installed table, so the first reconcile writes only the slots that differ from it (none when it
     * is the table to install) instead of replacing the whole table. Ignored once the pool has a table.
     */
    public synchronized void adoptHeld(int poolId, SlotTable held) {
        for (PoolState pool : pools) {
            if (pool.spec.id() == poolId && pool.installed == null && held.size() == pool.spec.slots()) {
                pool.held = held.slotCounts();
                pool.install(held);
                // Installed it is, by whoever wrote it: the fleet hears so even when no apply follows.
                tables.installed(pool.spec, held);
                log.info("pool {}: the data plane holds digest {} at start; only the slots that differ from it are"
                        + " written", pool.spec.name(), held.digest());
            }
        }
    }

    private synchronized List<PoolState> snapshotPools() {
        return List.copyOf(pools);
    }

    /**
     * What an operator's drain of {@code key} would do to each pool it is in, in configuration
     * order; empty for a key no pool has. Judged on the members now: the drain itself may race
     * with a member's change, which the caller accepts.
     */
    public synchronized List<DrainEffect> drainEffects(String key) {
        List<DrainEffect> effects = new ArrayList<>();
        for (PoolState pool : pools) {
            if (pool.spec.member(key).isPresent()) {
                effects.add(DrainEffect.of(pool.spec, snapshots(pool.spec), pool.panicThreshold, key));
            }
        }
        return effects;
    }

    /** The installed table of a pool, or {@code null} before its first apply. */
    public synchronized SlotTable installed(int poolId) {
        return pools.stream().filter(p -> p.spec.id() == poolId).findFirst().map(p -> p.installed).orElse(null);
    }

    /** Slots {@code key} holds in pool {@code poolId}'s installed table (0 before the first apply). */
    public synchronized int slotsHeld(int poolId, String key) {
        for (PoolState p : pools) {
            if (p.spec.id() == poolId) {
                return p.held.getOrDefault(key, 0);
            }
        }
        return 0;
    }
}
