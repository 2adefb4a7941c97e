package io.rxhealth.ovs.flow;

import static io.rxhealth.ovs.flow.Table11.ADDRESS_REGISTER;
import static io.rxhealth.ovs.flow.Table11.FAIL_CLOSE_PRIORITY;
import static io.rxhealth.ovs.flow.Table11.NEXT_TABLE;
import static io.rxhealth.ovs.flow.Table11.POOL_REG;
import static io.rxhealth.ovs.flow.Table11.POOL_REGISTER;
import static io.rxhealth.ovs.flow.Table11.PORT_REGISTER;
import static io.rxhealth.ovs.flow.Table11.SLOT_PRIORITY;
import static io.rxhealth.ovs.flow.Table11.SLOT_REGISTER;
import static io.rxhealth.ovs.flow.Table11.TABLE;
import static io.rxhealth.ovs.flow.Table11.checkPool;

import io.rxhealth.ovs.openflow.Bundle;
import io.rxhealth.ovs.openflow.FlowMod;
import io.rxhealth.ovs.openflow.FlowMod.Flag;
import io.rxhealth.ovs.openflow.FlowMod.RegisterLoad;
import io.rxhealth.ovs.openflow.FlowMod.RegisterMatch;
import io.rxhealth.weighting.maglev.SlotChange;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Renders a pool's slot table as a structured bundle of {@link FlowMod}s (format in
 * {@link Table11}): an OpenFlow channel encodes them, {@code ovs-ofctl} gets their text. Pure: the
 * same input gives the same flow mods, whose text is pinned by golden files in the tests.
 */
public final class FlowRenderer {
    private static final Set<Flag> RESET_COUNTS = Set.of(Flag.RESET_COUNTS);

    private FlowRenderer() {
    }

    /**
     * Replaces everything of {@code pool} in table 11 by {@code next}: one non-strict delete of
     * the pool's flows, the fail-close flow (re-adding it keeps its counters), then one add per
     * owned slot. An empty {@code next} gives the fail-close bundle: delete and drop only.
     */
    public static Bundle full(int pool, SlotTable next) {
        checkPool(pool);
        Map<String, MemberFlow> members = new HashMap<>();
        for (String key : next.keys()) {
            members.put(key, MemberFlow.of(pool, MemberAddress.parse(key)));
        }
        RegisterMatch poolMatch = new RegisterMatch(POOL_REGISTER, pool);
        List<FlowMod> mods = new ArrayList<>(next.size() + 2);
        mods.add(FlowMod.delete(TABLE, List.of(poolMatch)));
        mods.add(failCloseAdd());
        for (int slot = 0; slot < next.size(); slot++) {
            String owner = next.owner(slot);
            if (owner != null) {
                mods.add(slotAdd(poolMatch, slot, members.get(owner), false));
            }
        }
        return Bundle.of(mods);
    }

    /**
     * Only the changed slots: a strict delete for a slot that loses its owner, an add for a slot
     * that gains one, and a move per {@code style}. Strict mods find their flow by exact match
     * and priority; a non-strict modify would scan the whole table per flow.
     */
    public static Bundle incremental(int pool, List<SlotChange> changes, MoveStyle style) {
        checkPool(pool);
        RegisterMatch poolMatch = new RegisterMatch(POOL_REGISTER, pool);
        Map<String, MemberFlow> members = new HashMap<>();
        List<FlowMod> mods = new ArrayList<>(style == MoveStyle.DELETE_ADD ? changes.size() * 2 : changes.size());
        for (SlotChange change : changes) {
            if (change.to() == null) {
                if (change.from() != null) {
                    mods.add(slotDelete(poolMatch, change.slot()));
                }
                continue;
            }
            MemberFlow to = members.computeIfAbsent(change.to(), key -> MemberFlow.of(pool, MemberAddress.parse(key)));
            if (change.from() != null && style == MoveStyle.DELETE_ADD) {
                mods.add(slotDelete(poolMatch, change.slot()));
                mods.add(slotAdd(poolMatch, change.slot(), to, false));
            } else {
                // reset_counts: the add may replace a flow of another member; its packets are not ours.
                mods.add(slotAdd(poolMatch, change.slot(), to, style == MoveStyle.REPLACE));
            }
        }
        return Bundle.of(mods);
    }

    /**
     * The actions of a table-10 listener flow that hands a connection to {@code pool}'s slot
     * table. {@code symmetric_l3l4} hashes addresses and ports only (not MACs), so every LB node
     * puts a connection in the same slot.
     */
    public static String listenerActions(int pool, int slots) {
        checkPool(pool);
        if (slots < 1 || slots > 65536) {
            throw new IllegalArgumentException("slots: " + slots + " (expected: 1..65536, multipath's n_links)");
        }
        return "set_field:" + pool + "->" + POOL_REG + ",multipath(symmetric_l3l4," + pool + ",modulo_n,"
                + slots + ",0,NXM_NX_REG1[]),goto_table:" + TABLE;
    }

    static FlowMod failCloseAdd() {
        return FlowMod.add(TABLE, FAIL_CLOSE_PRIORITY, List.of(), 0, Set.of(), List.of(), -1);
    }

    private static FlowMod slotAdd(RegisterMatch pool, int slot, MemberFlow member, boolean resetCounts) {
        return FlowMod.add(TABLE, SLOT_PRIORITY, List.of(pool, new RegisterMatch(SLOT_REGISTER, slot)), member.cookie,
                resetCounts ? RESET_COUNTS : Set.of(), member.loads, NEXT_TABLE);
    }

    private static FlowMod slotDelete(RegisterMatch pool, int slot) {
        return FlowMod.deleteStrict(TABLE, SLOT_PRIORITY, List.of(pool, new RegisterMatch(SLOT_REGISTER, slot)));
    }

    /** What every slot flow of one member carries: its cookie, and the loads of its address and port. */
    private record MemberFlow(long cookie, List<RegisterLoad> loads) {
        static MemberFlow of(int pool, MemberAddress member) {
            return new MemberFlow(FlowCookie.of(pool, member), List.of(
                    new RegisterLoad(ADDRESS_REGISTER, member.ipv4() & 0xffffffffL, 32),
                    new RegisterLoad(PORT_REGISTER, member.port(), 16)));
        }
    }
}
