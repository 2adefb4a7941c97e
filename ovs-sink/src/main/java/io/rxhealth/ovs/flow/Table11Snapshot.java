package io.rxhealth.ovs.flow;

import io.rxhealth.ovs.openflow.DumpFlowsText;
import io.rxhealth.ovs.openflow.FlowEntry;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Table 11 as one read of all of it saw it: every pool's slot flows, the shared fail-close flow
 * and whatever else is there. Immutable. Use {@link #holds} to detect drift (a {@code del-flows},
 * a pipeline {@code replace-flows}, an ovs-vswitchd restart) and re-apply in full when it fails.
 */
public final class Table11Snapshot {
    private final List<SlotFlow> slotFlows;
    private final FlowCounters failClose;
    private final List<FlowEntry> others;

    private Table11Snapshot(List<SlotFlow> slotFlows, FlowCounters failClose, List<FlowEntry> others) {
        this.slotFlows = List.copyOf(slotFlows);
        this.failClose = failClose;
        this.others = List.copyOf(others);
    }

    /** Table 11 of the flows the switch reported for it (flows of other tables are left out). */
    static Table11Snapshot of(List<FlowEntry> flows) {
        List<SlotFlow> slots = new ArrayList<>(flows.size());
        List<FlowEntry> others = new ArrayList<>();
        FlowCounters failClose = null;
        for (FlowEntry flow : flows) {
            SlotFlow slot = SlotFlows.slot(flow);
            if (slot != null) {
                slots.add(slot);
            } else if (SlotFlows.isFailClose(flow)) {
                failClose = new FlowCounters(flow.packets(), flow.bytes());
            } else if (flow.table() == Table11.TABLE) {
                others.add(flow);
            }
        }
        return new Table11Snapshot(slots, failClose, others);
    }

    /** Parses the output of {@code ovs-ofctl --no-names dump-flows <target> table=11}. */
    static Table11Snapshot parse(String dumpFlowsOutput) {
        return of(DumpFlowsText.parse(dumpFlowsOutput));
    }

    /** Counters of the {@code priority=0 actions=drop} flow ("fail-close drops"); empty if it is missing. */
    public Optional<FlowCounters> failClose() {
        return Optional.ofNullable(failClose);
    }

    /** Number of flows in table 11, of every pool and kind. */
    public int flowCount() {
        return slotFlows.size() + others.size() + (failClose == null ? 0 : 1);
    }

    /** Flows of table 11 that are neither slot flows nor the fail-close flow, in dump-flows' words. */
    public List<String> unexpected() {
        return others.stream().map(FlowEntry::text).toList();
    }

    /** True when the fail-close flow is present and {@code pool} holds exactly {@code belief}. */
    public boolean holds(int pool, SlotTable belief) {
        return failClose != null && belief != null && pool(pool, belief.size()).matches(belief);
    }

    /** {@code pool}'s slot table of {@code slots} entries, its per-member counters and its problems. */
    public PoolReadback pool(int pool, int slots) {
        Table11.checkPool(pool);
        List<String> problems = new ArrayList<>();
        List<SlotFlow> mine = new ArrayList<>();
        TreeSet<String> keys = new TreeSet<>();
        for (SlotFlow flow : slotFlows) {
            if (flow.pool() != pool) {
                continue;
            }
            if (flow.slot() >= slots) {
                problems.add("slot " + flow.slot() + " beyond the table's " + slots + " slots: " + flow.member().key());
                continue;
            }
            mine.add(flow);
            keys.add(flow.member().key());
        }
        List<String> sortedKeys = List.copyOf(keys);
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < sortedKeys.size(); i++) {
            index.put(sortedKeys.get(i), i);
        }
        int[] owners = new int[slots];
        Arrays.fill(owners, -1);
        Map<String, FlowCounters> counters = new TreeMap<>();
        for (SlotFlow flow : mine) {
            String key = flow.member().key();
            owners[flow.slot()] = index.get(key);
            // The cookie must name the member the actions load, or counters summed by cookie lie.
            if (flow.cookie() != FlowCookie.of(pool, flow.member())) {
                problems.add("slot " + flow.slot() + ": cookie " + FlowCookie.hex(flow.cookie())
                        + " (expected: " + FlowCookie.hex(FlowCookie.of(pool, flow.member())) + " for " + key + ")");
            }
            counters.merge(key, flow.counters(), FlowCounters::plus);
        }
        for (FlowEntry other : others) {
            if (SlotFlows.ofPool(other, pool)) {
                problems.add("unexpected flow: " + other.text());
            }
        }
        return new PoolReadback(pool, new SlotTable(sortedKeys, owners), counters, problems);
    }
}
