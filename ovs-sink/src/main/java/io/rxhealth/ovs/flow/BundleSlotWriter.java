package io.rxhealth.ovs.flow;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.openflow.Bundle;
import io.rxhealth.ovs.openflow.OvsCommandException;
import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.CommandRunner;
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
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * The slot-table writer of a real Open vSwitch: writes pools' slot tables into table 11 of one
 * switch and reads table 11 back. Every write is one {@code ovs-ofctl bundle} call: atomic, the
 * switch never holds an intermediate table, and a rejected bundle leaves the previous one. Each
 * call opens, fills and commits its bundle on one connection, so OVS's 10 s idle expiry of open
 * bundles cannot strike in between. {@link #holds} reads the table back so that drift (a
 * {@code del-flows}, a pipeline {@code replace-flows}, an ovs-vswitchd restart) is found within
 * one reconcile interval.
 *
 * <p>Holds no state: the caller owns the belief of what is installed, passes it in, and replaces
 * it with the applied table only when {@link #apply} returns. Not for concurrent use per pool.
 */
public final class BundleSlotWriter implements SlotTableWriter {
    private static final String KEPT_TABLE = "; the switch kept its previous table";

    private final String target;
    private final CommandRunner runner;
    private final OvsOptions options;
    private final Ticker ticker;

    /**
     * @param target what ovs-ofctl connects to: {@code unix:/run/openvswitch/br-lb.mgmt} or a
     *               bridge name (found in ovs-ofctl's OVS_RUNDIR)
     */
    public BundleSlotWriter(String target, CommandRunner runner, OvsOptions options) {
        this(target, runner, options, Ticker.system());
    }

    public BundleSlotWriter(String target, CommandRunner runner, OvsOptions options, Ticker ticker) {
        this.target = requireNonNull(target, "target");
        this.runner = requireNonNull(runner, "runner");
        this.options = requireNonNull(options, "options");
        this.ticker = requireNonNull(ticker, "ticker");
        if (target.isBlank()) {
            throw new IllegalArgumentException("target: '" + target + "' (expected: unix:PATH.mgmt or a bridge name)");
        }
    }

    /**
     * Makes the pool's slots in table 11 equal {@code next}. {@code installed} is what the caller
     * believes is there ({@code null}: nothing known). Writes nothing when they are equal and
     * {@code force} is false; only the changed slots when both are known and of one size; else the
     * whole pool (also when forced). An empty {@code next} removes the pool's slots: fail-close.
     *
     * @throws OvsCommandException when ovs-ofctl fails or times out; keep {@code installed} as the
     *                             belief (the switch kept its table) and retry
     */
    @Override
    public ApplyResult apply(PoolSpec spec, SlotTable installed, SlotTable next, boolean force)
            throws OvsCommandException {
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
            bundle = FlowRenderer.incremental(pool, changes, options.moveStyle());
        }
        int slotsChanged = sameSize ? changes.size() : next.size();
        long start = ticker.nanos();
        ofctl(KEPT_TABLE, bundle.text(), "bundle", target, "-");
        Duration took = Duration.ofNanos(ticker.nanos() - start);
        return new ApplyResult(pool, mode, bundle.flowMods(), slotsChanged, took, next.digest());
    }

    @Override
    public boolean holds(PoolSpec pool, SlotTable installed) throws OvsCommandException {
        return read().holds(pool.id(), installed);
    }

    @Override
    public Map<String, MemberTraffic> traffic(PoolSpec pool) throws OvsCommandException {
        PoolReadback readback = read().pool(pool.id(), pool.slots());
        Map<String, MemberTraffic> traffic = new HashMap<>();
        for (MemberSpec m : pool.members()) {
            FlowCounters c = readback.counters(m.key());
            traffic.put(m.key(), new MemberTraffic(c.packets(), c.bytes()));
        }
        return traffic;
    }

    /** Reads all of table 11 (every pool and the fail-close flow) with one dump-flows. */
    public Table11Snapshot read() throws OvsCommandException {
        return Table11Snapshot.parse(ofctl("", null, "dump-flows", target, "table=" + Table11.TABLE));
    }

    private String ofctl(String consequence, String stdin, String... args) throws OvsCommandException {
        // --no-names: otherwise every call first fetches port and table names (~24 ms instead of ~3 ms).
        List<String> command = new ArrayList<>(List.of(options.ofctl(), "--no-names", "-O", "OpenFlow14"));
        command.addAll(List.of(args));
        String what = args[0];
        CommandResult result;
        try {
            result = runner.run(command, stdin, options.timeout());
        } catch (TimeoutException e) {
            String unsure = consequence.isEmpty() ? "" : "; the table is the previous or the new one: read back";
            throw new OvsCommandException("ovs-ofctl " + what + " " + target + ": no exit within "
                    + options.timeout() + " (killed)" + unsure, true, e);
        } catch (IOException e) {
            throw new OvsCommandException("ovs-ofctl " + what + " " + target + ": cannot run " + options.ofctl()
                    + ": " + e.getMessage(), false, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OvsCommandException("ovs-ofctl " + what + " " + target + ": interrupted", false, e);
        }
        if (!result.succeeded()) {
            throw new OvsCommandException("ovs-ofctl " + what + " " + target + ": exit " + result.exitCode()
                    + ": " + result.stderr().strip().replace('\n', ' ') + " (expected: exit 0)" + consequence,
                    false, null);
        }
        return result.stdout();
    }
}
