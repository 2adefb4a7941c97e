package io.rxhealth.ovs.flow;

import io.rxhealth.ovs.openflow.FlowEntry;
import io.rxhealth.ovs.openflow.FlowQuery;
import io.rxhealth.ovs.openflow.FlowQuery.MaskedRegister;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The reads that check one pool's slots in table 11 without holding the switch for the whole
 * table, and what they must show. Pure. A switch serves one statistics request to its end before it reads another message,
 * so a read of all 65,536 slot flows makes a bundle arriving meanwhile wait ~130 ms; these reads
 * are small and cheap for the switch instead (docs/PERFORMANCE.md, "Reading table 11 back"):
 *
 * <ul>
 *   <li>per member, its slot flows by their cookie, which the switch finds in its cookie index
 *       without scanning the table; a member of many slots in several reads split on the low bits
 *       of the slot register, each of at most {@link #MAX_FLOWS_PER_READ} flows;</li>
 *   <li>the fail-close flow by its cookie (0), also from the index;</li>
 *   <li>the count of the flows that match the pool's register exactly (aggregate statistics: one
 *       scan of the table, nothing sent per flow), which finds what the cookie reads cannot: a flow
 *       of the pool with a cookie no member has, e.g. one added by hand.</li>
 * </ul>
 *
 * <p>{@link #readsHold} and {@link #countHolds} then find every drift the read of the whole table found: slot flows deleted
 * or replaced, a slot moved by hand (its cookie or its actions no longer the member's), the
 * fail-close flow gone, a foreign flow of the pool.
 */
final class PoolReads {
    /** The most flows one read asks for: ~1-2 ms of the switch's time at 65,536 flows. */
    static final int MAX_FLOWS_PER_READ = 1024;
    /** A slot register has 32 bits, but a table has at most 2^24 slots: never more than 2^24 reads. */
    private static final int MAX_SPLIT = 1 << 24;

    private PoolReads() {
    }

    /**
     * The reads of {@code belief}'s slot flows of {@code pool}: per member that owns slots, its
     * cookie in {@code 2^k} reads of {@code reg1=i/(2^k-1)}, the fewest that keep each at about
     * {@link #MAX_FLOWS_PER_READ} flows.
     */
    static List<FlowQuery> slotReads(int pool, SlotTable belief) {
        Table11.checkPool(pool);
        List<FlowQuery> reads = new ArrayList<>();
        MaskedRegister poolMatch = MaskedRegister.exact(Table11.POOL_REGISTER, pool);
        for (Map.Entry<String, Integer> member : belief.slotCounts().entrySet()) {
            if (member.getValue() == 0) {
                continue;
            }
            long cookie = FlowCookie.of(pool, MemberAddress.parse(member.getKey()));
            int split = split(member.getValue());
            for (int i = 0; i < split; i++) {
                List<MaskedRegister> match = split == 1 ? List.of(poolMatch)
                        : List.of(poolMatch, new MaskedRegister(Table11.SLOT_REGISTER, i, split - 1));
                reads.add(new FlowQuery(Table11.TABLE, cookie, -1L, match));
            }
        }
        return reads;
    }

    /** The number of reads (a power of two) that splits {@code flows} into reads of at most {@link #MAX_FLOWS_PER_READ}. */
    static int split(int flows) {
        if (flows < 0) {
            throw new IllegalArgumentException("flows: " + flows + " (expected: >= 0)");
        }
        int split = 1;
        // Maglev spreads a member's slots evenly over the slot numbers, so each low-bit class holds ~flows/split.
        while ((long) split * MAX_FLOWS_PER_READ < flows && split < MAX_SPLIT) {
            split <<= 1;
        }
        return split;
    }

    /** The fail-close flow (and any other flow of table 11 with cookie 0). */
    static FlowQuery failClose() {
        return new FlowQuery(Table11.TABLE, 0, -1L, List.of());
    }

    /** Every flow of table 11 that matches {@code reg3=pool} exactly: what a full apply's delete removes. */
    static FlowQuery poolFlows(int pool) {
        Table11.checkPool(pool);
        return FlowQuery.match(Table11.TABLE, List.of(MaskedRegister.exact(Table11.POOL_REGISTER, pool)));
    }

    /**
     * True when the flows the reads of {@link #slotReads} and {@link #failClose} returned are
     * {@code belief}'s slot flows and the fail-close flow, and no other flow of the pool.
     */
    static boolean readsHold(int pool, SlotTable belief, List<FlowEntry> read) {
        return belief != null && Table11Snapshot.of(read).holds(pool, belief);
    }

    /** True when the switch counts ({@link #poolFlows}) as many flows of the pool as {@code belief} has owned slots. */
    static boolean countHolds(SlotTable belief, long poolFlowCount) {
        return belief != null && poolFlowCount == owned(belief);
    }

    /** The slots of {@code belief} that have an owner: the pool's flows when the switch holds it. */
    private static int owned(SlotTable belief) {
        int owned = 0;
        for (int count : belief.slotCounts().values()) {
            owned += count;
        }
        return owned;
    }
}
