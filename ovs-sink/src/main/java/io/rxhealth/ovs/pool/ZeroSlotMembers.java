package io.rxhealth.ovs.pool;

import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.ZeroSlots;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Members of a pool with a positive weight and no slot ({@link ZeroSlots}): exact quotas allow a
 * share below one slot to round to nothing, which would otherwise go unsaid. Logs the set once per
 * change, however often the layout is computed; called under the controller's lock.
 */
public final class ZeroSlotMembers {
    // The controller's logger: an operator filters on it for everything a pool's layout does.
    private static final Logger log = LoggerFactory.getLogger(PoolController.class);

    private ZeroSlotMembers() {
    }

    /**
     * Members of {@code spec} that hold no slot even with every member healthy at its configured
     * weight: what {@code config validate} can say for certain. The seed is the one the daemon lays
     * the pool out with ({@link PoolTables#LOCAL}).
     */
    public static List<String> whenHealthy(PoolSpec spec) {
        List<Member> configured = spec.members().stream()
                .map(m -> new Member(m.key(), m.configuredWeight(), m.configuredWeight())).toList();
        return ZeroSlots.whenHealthy(String.valueOf(spec.id()), configured, spec.slots());
    }

    /** Keeps {@code now} (keys in key order) as the pool's zero-slot members and logs when the set changed. */
    static void record(PoolState pool, List<String> now) {
        List<String> before = pool.zeroSlots;
        pool.zeroSlots = List.copyOf(now);
        if (before.equals(now)) {
            return;
        }
        if (now.isEmpty()) {
            log.info("pool {}: every member with a positive weight holds a slot again", pool.spec.name());
        } else {
            log.warn("pool {}: {} member(s) with a positive weight hold no slot of {} (share below one slot): {}",
                    pool.spec.name(), now.size(), pool.spec.slots(), String.join(", ", now));
        }
    }
}
