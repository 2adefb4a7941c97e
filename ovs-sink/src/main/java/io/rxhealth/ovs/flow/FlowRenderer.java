package io.rxhealth.ovs.flow;

import static io.rxhealth.ovs.flow.Table11.ADDRESS_REG;
import static io.rxhealth.ovs.flow.Table11.FAIL_CLOSE_PRIORITY;
import static io.rxhealth.ovs.flow.Table11.NEXT_TABLE;
import static io.rxhealth.ovs.flow.Table11.POOL_REG;
import static io.rxhealth.ovs.flow.Table11.PORT_REG;
import static io.rxhealth.ovs.flow.Table11.SLOT_PRIORITY;
import static io.rxhealth.ovs.flow.Table11.SLOT_REG;
import static io.rxhealth.ovs.flow.Table11.TABLE;
import static io.rxhealth.ovs.flow.Table11.checkPool;

import io.rxhealth.ovs.openflow.Bundle;
import io.rxhealth.weighting.maglev.SlotChange;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders a pool's slot table as {@code ovs-ofctl bundle} lines (format in {@link Table11}).
 * Pure: the same input gives the same text, pinned by golden files in the tests.
 */
public final class FlowRenderer {
    private FlowRenderer() {
    }

    /**
     * Replaces everything of {@code pool} in table 11 by {@code next}: one non-strict delete of
     * the pool's flows, the fail-close flow (re-adding it keeps its counters), then one add per
     * owned slot. An empty {@code next} gives the fail-close bundle: delete and drop only.
     */
    public static Bundle full(int pool, SlotTable next) {
        checkPool(pool);
        Map<String, MemberAddress> addresses = addresses(next);
        List<String> lines = new ArrayList<>(next.size() + 2);
        lines.add("flow delete table=" + TABLE + "," + POOL_REG + "=" + pool);
        lines.add(failCloseAdd());
        for (int slot = 0; slot < next.size(); slot++) {
            String owner = next.owner(slot);
            if (owner != null) {
                lines.add(slotAdd(pool, slot, addresses.get(owner), false));
            }
        }
        return new Bundle(lines);
    }

    /**
     * Only the changed slots: a strict delete for a slot that loses its owner, an add for a slot
     * that gains one, and a move per {@code style}. Strict mods find their flow by exact match
     * and priority; a non-strict modify would scan the whole table per flow.
     */
    public static Bundle incremental(int pool, List<SlotChange> changes, MoveStyle style) {
        checkPool(pool);
        Map<String, MemberAddress> addresses = new HashMap<>();
        List<String> lines = new ArrayList<>(style == MoveStyle.DELETE_ADD ? changes.size() * 2 : changes.size());
        for (SlotChange change : changes) {
            if (change.to() == null) {
                if (change.from() != null) {
                    lines.add(slotDelete(pool, change.slot()));
                }
                continue;
            }
            MemberAddress to = addresses.computeIfAbsent(change.to(), MemberAddress::parse);
            if (change.from() != null && style == MoveStyle.DELETE_ADD) {
                lines.add(slotDelete(pool, change.slot()));
                lines.add(slotAdd(pool, change.slot(), to, false));
            } else {
                // reset_counts: the add may replace a flow of another member; its packets are not ours.
                lines.add(slotAdd(pool, change.slot(), to, style == MoveStyle.REPLACE));
            }
        }
        return new Bundle(lines);
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

    static String failCloseAdd() {
        return "flow add table=" + TABLE + ",priority=" + FAIL_CLOSE_PRIORITY + " actions=drop";
    }

    static String slotAdd(int pool, int slot, MemberAddress member, boolean resetCounts) {
        return "flow add " + slotMatch(pool, slot) + ",cookie=" + FlowCookie.hex(FlowCookie.of(pool, member))
                + (resetCounts ? ",reset_counts" : "")
                + " actions=set_field:" + FlowCookie.hex(member.ipv4() & 0xffffffffL, 8) + "->" + ADDRESS_REG
                + ",set_field:" + FlowCookie.hex(member.port(), 4) + "->" + PORT_REG
                + ",goto_table:" + NEXT_TABLE;
    }

    static String slotDelete(int pool, int slot) {
        return "flow delete_strict " + slotMatch(pool, slot);
    }

    private static String slotMatch(int pool, int slot) {
        return "table=" + TABLE + ",priority=" + SLOT_PRIORITY + "," + POOL_REG + "=" + pool + ","
                + SLOT_REG + "=" + slot;
    }

    private static Map<String, MemberAddress> addresses(SlotTable table) {
        Map<String, MemberAddress> addresses = new HashMap<>();
        for (String key : table.keys()) {
            addresses.put(key, MemberAddress.parse(key));
        }
        return addresses;
    }
}
