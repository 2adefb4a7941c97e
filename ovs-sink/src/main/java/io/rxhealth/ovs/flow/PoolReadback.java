package io.rxhealth.ovs.flow;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.maglev.SlotTable;
import java.util.List;
import java.util.Map;

/**
 * One pool's slot table as the switch holds it: owners per slot (keys {@code a.b.c.d:port}),
 * packet counters per member summed over its slot flows by cookie, and problems that a re-apply
 * must repair (flows beyond the table, cookies naming another member, foreign flows of the pool).
 */
public record PoolReadback(int pool, SlotTable table, Map<String, FlowCounters> counters, List<String> problems) {
    public PoolReadback {
        requireNonNull(table, "table");
        counters = Map.copyOf(counters);
        problems = List.copyOf(problems);
    }

    /** True when the switch holds exactly {@code belief} for this pool and nothing else of it. */
    public boolean matches(SlotTable belief) {
        return belief != null && problems.isEmpty() && table.equals(belief);
    }

    /** Counters of {@code member}, zero when it holds no slot. */
    public FlowCounters counters(String member) {
        return counters.getOrDefault(member, FlowCounters.ZERO);
    }
}
