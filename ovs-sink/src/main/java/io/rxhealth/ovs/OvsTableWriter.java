package io.rxhealth.ovs;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.flow.BundleSlotWriter;
import io.rxhealth.ovs.flow.FlowCounters;
import io.rxhealth.ovs.flow.PoolReadback;
import io.rxhealth.ovs.slots.ApplyMode;
import io.rxhealth.ovs.slots.ApplyOutcome;
import io.rxhealth.ovs.slots.ApplyResult;
import io.rxhealth.ovs.slots.MemberSpec;
import io.rxhealth.ovs.slots.MemberTraffic;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.SlotTableWriter;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.HashMap;
import java.util.Map;

/**
 * The daemon's writer for a real Open vSwitch: slot tables go into table 11 through
 * {@link BundleSlotWriter} (one atomic {@code ovs-ofctl bundle} per apply), and {@link #holds} reads
 * the table back so drift (a {@code del-flows}, a pipeline {@code replace-flows}, an ovs-vswitchd
 * restart) is found within one reconcile interval.
 */
final class OvsTableWriter implements SlotTableWriter {
    private final BundleSlotWriter ovs;

    OvsTableWriter(BundleSlotWriter ovs) {
        this.ovs = requireNonNull(ovs, "ovs");
    }

    @Override
    public ApplyOutcome apply(PoolSpec pool, SlotTable installed, SlotTable next, boolean force) throws Exception {
        ApplyResult r = ovs.apply(pool.id(), installed, next, force);
        return new ApplyOutcome(r.flowMods(), r.mode() == ApplyMode.FULL || r.mode() == ApplyMode.FAIL_CLOSE);
    }

    @Override
    public Map<String, MemberTraffic> traffic(PoolSpec pool) throws Exception {
        PoolReadback readback = ovs.read().pool(pool.id(), pool.slots());
        Map<String, MemberTraffic> traffic = new HashMap<>();
        for (MemberSpec m : pool.members()) {
            FlowCounters c = readback.counters(m.key());
            traffic.put(m.key(), new MemberTraffic(c.packets(), c.bytes()));
        }
        return traffic;
    }

    @Override
    public boolean holds(PoolSpec pool, SlotTable installed) throws Exception {
        return ovs.read().holds(pool.id(), installed);
    }
}
