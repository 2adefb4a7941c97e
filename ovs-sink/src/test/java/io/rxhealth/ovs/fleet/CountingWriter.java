package io.rxhealth.ovs.fleet;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.slots.ApplyResult;
import io.rxhealth.ovs.slots.MemberTraffic;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.SlotTableWriter;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** A writer that passes every call to the switch's and keeps what each apply did: its flow mods, its slots. */
final class CountingWriter implements SlotTableWriter {
    private final SlotTableWriter switchWriter;
    private final List<ApplyResult> applies = new CopyOnWriteArrayList<>();
    private final List<String> trail = new CopyOnWriteArrayList<>();

    CountingWriter(SlotTableWriter switchWriter) {
        this.switchWriter = requireNonNull(switchWriter, "switchWriter");
    }

    @Override
    public ApplyResult apply(PoolSpec pool, SlotTable installed, SlotTable next, boolean force) throws Exception {
        ApplyResult result = switchWriter.apply(pool, installed, next, force);
        applies.add(result);
        trail.add((installed == null ? "-" : installed.digest().substring(0, 8)) + " -> " + next.digest().substring(0, 8)
                + " " + result.mode() + " " + result.slotsChanged() + (force ? " forced" : ""));
        return result;
    }

    @Override
    public boolean holds(PoolSpec pool, SlotTable installed) throws Exception {
        return switchWriter.holds(pool, installed);
    }

    @Override
    public Map<String, MemberTraffic> traffic(PoolSpec pool) throws Exception {
        return switchWriter.traffic(pool);
    }

    List<ApplyResult> applies() {
        return List.copyOf(applies);
    }

    /** Every apply so far, for an assertion message: the installed and the next digest, the mode, the slots moved. */
    List<String> trail() {
        return List.copyOf(trail);
    }

    /** Flow mods of every apply so far. */
    int flowMods() {
        return applies.stream().mapToInt(ApplyResult::flowMods).sum();
    }
}
