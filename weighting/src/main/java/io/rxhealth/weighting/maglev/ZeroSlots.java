package io.rxhealth.weighting.maglev;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Members that should carry traffic and hold no slot: a positive weight whose share of the table
 * is below one slot and lost the rounding (weight 1 beside 1,000,000; more members than slots).
 * Exact quotas allow it (the floor is 0), so the layout does it silently; the LB daemon reports it.
 */
public final class ZeroSlots {
    private ZeroSlots() {
    }

    /** Keys of the {@code members} with weight > 0 that hold no slot of {@code table}, in key order. */
    public static List<String> in(SlotTable table, List<Member> members) {
        Map<String, Integer> counts = table.slotCounts();
        List<String> keys = new ArrayList<>();
        for (Member m : members) {
            if (m.weight() > 0 && counts.getOrDefault(m.key(), 0) == 0) {
                keys.add(m.key());
            }
        }
        keys.sort(null);
        return keys;
    }

    /**
     * Keys of the configured members (every one at its {@link Member#homeWeight() home weight})
     * with a positive configured weight that hold no slot even when the whole pool is healthy: what
     * a configuration check can say for certain before any verdict arrives.
     */
    public static List<String> whenHealthy(String poolId, List<Member> configured, int slots) {
        List<Member> healthy = configured.stream()
                .map(m -> new Member(m.key(), m.homeWeight(), m.homeWeight()))
                .toList();
        return in(Maglev.layout(poolId, healthy, slots), healthy);
    }
}
