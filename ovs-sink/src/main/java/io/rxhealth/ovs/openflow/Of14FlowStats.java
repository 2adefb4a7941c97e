package io.rxhealth.ovs.openflow;

import io.rxhealth.ovs.openflow.FlowQuery.MaskedRegister;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes the body of an OpenFlow 1.4 flow-statistics reply ({@code OFPMP_FLOW}) into
 * {@link FlowEntry}s. Pure. Register matches, whole-register {@code set_field} and Nicira
 * {@code reg_load} actions (OVS sends a flow back in the form it was written) and
 * {@code goto_table} are decoded; anything else is named in {@code otherMatch} or
 * {@code otherActions}. Layouts from the OpenFlow 1.4.1 specification ({@code ofp_flow_stats},
 * {@code ofp_match}, {@code ofp_instruction_*}, {@code ofp_action_set_field}) and OVS's
 * {@code nx_action_reg_load}; pinned against bytes ovs-vswitchd 3.1 sent ({@code Of14FlowStatsTest}).
 */
final class Of14FlowStats {
    /** {@code ofp_flow_stats} up to its match. */
    private static final int FIXED = 48;
    /** {@code ofp_table_stats}: table id, pad, active count, lookup and matched counts. */
    private static final int TABLE_STATS = 24;
    private static final int OXM_CLASS_EXPERIMENTER = 0xffff;
    private static final int ACTION_EXPERIMENTER = 0xffff;
    private static final int NX_VENDOR_ID = 0x00002320;
    private static final int NXAST_REG_LOAD = 7;
    /** {@code ofs_nbits} of a load of bits 0..31: offset 0, 32 bits. */
    private static final int WHOLE_REGISTER = 31;

    private Of14FlowStats() {
    }

    /** True when the reply's flags say more replies follow ({@code OFPMPF_REPLY_MORE}). */
    static boolean more(ByteBuffer body) {
        return (body.getShort(body.position() + 2) & Of14.MULTIPART_REPLY_MORE) != 0;
    }

    /**
     * The flow count of an aggregate-statistics reply body ({@code OFPMP_AGGREGATE}: the multipart
     * header, packet and byte counts, the flow count).
     *
     * @throws IllegalArgumentException when the body is not an aggregate-statistics reply
     */
    static long aggregateFlowCount(ByteBuffer body) {
        int start = body.position();
        if (body.remaining() < 8 + 24) {
            throw malformed("a reply of " + body.remaining() + " bytes", "the 32 of an aggregate reply");
        }
        int type = body.getShort(start) & 0xffff;
        if (type != Of14.MULTIPART_AGGREGATE) {
            throw malformed("multipart type " + type, Of14.MULTIPART_AGGREGATE + ", aggregate statistics");
        }
        return body.getInt(start + 8 + 16) & 0xffffffffL;
    }

    /**
     * The active flow count of {@code table} in a table-statistics reply body ({@code OFPMP_TABLE}:
     * the multipart header, then 24 bytes per table), or -1 when this reply does not list it.
     */
    static long tableFlowCount(ByteBuffer body, int table) {
        int start = body.position();
        if (body.remaining() < 8 || (body.remaining() - 8) % TABLE_STATS != 0) {
            throw malformed("a reply of " + body.remaining() + " bytes", "8 and 24 per table");
        }
        int type = body.getShort(start) & 0xffff;
        if (type != Of14.MULTIPART_TABLE) {
            throw malformed("multipart type " + type, Of14.MULTIPART_TABLE + ", table statistics");
        }
        for (int at = start + 8; at < body.limit(); at += TABLE_STATS) {
            if ((body.get(at) & 0xff) == table) {
                return body.getInt(at + 4) & 0xffffffffL;
            }
        }
        return -1;
    }

    /**
     * Appends the flows of one reply body (multipart header included) to {@code into}.
     *
     * @throws IllegalArgumentException when the body is not a well-formed flow-statistics reply
     */
    static void decode(ByteBuffer body, List<FlowEntry> into) {
        ByteBuffer b = body.duplicate();
        int start = b.position();
        if (b.remaining() < 8) {
            throw malformed("a reply of " + b.remaining() + " bytes", "at least the 8 of its multipart header");
        }
        int type = b.getShort(start) & 0xffff;
        if (type != Of14.MULTIPART_FLOW) {
            throw malformed("multipart type " + type, Of14.MULTIPART_FLOW + ", flow statistics");
        }
        int at = start + 8;
        while (at < b.limit()) {
            if (b.limit() - at < FIXED + 4) {
                throw malformed(b.limit() - at + " bytes left at byte " + (at - start), "a whole flow entry");
            }
            int length = b.getShort(at) & 0xffff;
            if (length < FIXED + 8 || at + length > b.limit()) {
                throw malformed("flow entry length " + length + " at byte " + (at - start),
                        ">= " + (FIXED + 8) + " and within the reply's " + (b.limit() - start) + " bytes");
            }
            into.add(entry(b.slice(at, length)));
            at += length;
        }
    }

    private static FlowEntry entry(ByteBuffer e) {
        int table = e.get(2) & 0xff;
        int priority = e.getShort(12) & 0xffff;
        int idle = e.getShort(14) & 0xffff;
        int hard = e.getShort(16) & 0xffff;
        long cookie = e.getLong(24);
        long packets = e.getLong(32);
        long bytes = e.getLong(40);
        List<MaskedRegister> registers = new ArrayList<>(2);
        List<String> otherMatch = new ArrayList<>(0);
        if (idle != 0) {
            otherMatch.add("idle_timeout=" + idle);
        }
        if (hard != 0) {
            otherMatch.add("hard_timeout=" + hard);
        }
        int matchType = e.getShort(FIXED) & 0xffff;
        int matchLength = e.getShort(FIXED + 2) & 0xffff;
        if (matchType != Of14.MATCH_OXM || matchLength < 4 || FIXED + matchLength > e.limit()) {
            throw malformed("match type " + matchType + " of length " + matchLength,
                    "an OXM match (type 1) within the entry's " + e.limit() + " bytes");
        }
        match(e.slice(FIXED + 4, matchLength - 4), registers, otherMatch);
        List<FlowEntry.Load> loads = new ArrayList<>(2);
        List<String> otherActions = new ArrayList<>(0);
        int gotoTable = -1;
        int at = FIXED + ((matchLength + 7) & ~7);
        while (at < e.limit()) {
            if (e.limit() - at < 4) {
                throw malformed(e.limit() - at + " bytes of instruction", "at least a 4-byte header");
            }
            int type = e.getShort(at) & 0xffff;
            int length = e.getShort(at + 2) & 0xffff;
            if (length < 4 || at + length > e.limit()) {
                throw malformed("instruction " + type + " of length " + length, ">= 4 and within the entry");
            }
            if (type == Of14.INSTRUCTION_GOTO_TABLE && length == 8) {
                gotoTable = e.get(at + 4) & 0xff;
            } else if (type == Of14.INSTRUCTION_APPLY_ACTIONS && length >= 8) {
                actions(e.slice(at + 8, length - 8), loads, otherActions);
            } else {
                otherActions.add("instruction:" + type);
            }
            at += length;
        }
        return new FlowEntry(table, priority, cookie, packets, bytes, registers, otherMatch, loads, gotoTable,
                otherActions);
    }

    private static void match(ByteBuffer m, List<MaskedRegister> registers, List<String> other) {
        int at = 0;
        while (at < m.limit()) {
            if (m.limit() - at < 4) {
                throw malformed(m.limit() - at + " bytes of match field", "a 4-byte OXM header");
            }
            int header = m.getInt(at);
            int oxmClass = header >>> 16;
            int field = (header >>> 9) & 0x7f;
            boolean masked = (header & 0x100) != 0;
            int length = header & 0xff;
            if (at + 4 + length > m.limit()) {
                throw malformed("OXM field 0x" + Integer.toHexString(header) + " of " + length + " bytes",
                        "within the match");
            }
            if (oxmClass == Of14.NXM_1 && field < 16 && length == (masked ? 8 : 4)) {
                long value = m.getInt(at + 4) & 0xffffffffL;
                long mask = masked ? m.getInt(at + 8) & 0xffffffffL : 0xffffffffL;
                if (mask != 0) {
                    // A zero mask matches every value: no match at all.
                    registers.add(new MaskedRegister(field, value & mask, mask));
                }
            } else {
                other.add(oxmClass == OXM_CLASS_EXPERIMENTER && length >= 4
                        ? "oxm:experimenter:0x" + Integer.toHexString(m.getInt(at + 4)) + ":" + field
                        : "oxm:0x" + Integer.toHexString(oxmClass) + ":" + field + (masked ? "/masked" : ""));
            }
            at += 4 + length;
        }
    }

    private static void actions(ByteBuffer a, List<FlowEntry.Load> loads, List<String> other) {
        int at = 0;
        while (at < a.limit()) {
            if (a.limit() - at < 4) {
                throw malformed(a.limit() - at + " bytes of action", "at least a 4-byte header");
            }
            int type = a.getShort(at) & 0xffff;
            int length = a.getShort(at + 2) & 0xffff;
            if (length < 8 || length % 8 != 0 || at + length > a.limit()) {
                throw malformed("action " + type + " of length " + length, "a multiple of 8 within the instruction");
            }
            FlowEntry.Load load = type == Of14.ACTION_SET_FIELD ? setField(a, at, length)
                    : type == ACTION_EXPERIMENTER ? regLoad(a, at, length) : null;
            if (load != null) {
                loads.add(load);
            } else {
                other.add(type == ACTION_EXPERIMENTER && length >= 10
                        ? "action:experimenter:0x" + Integer.toHexString(a.getInt(at + 4)) + ":" + (a.getShort(at + 8) & 0xffff)
                        : "action:" + type);
            }
            at += length;
        }
    }

    /** {@code ofp_action_set_field} of a whole register, else null. */
    private static FlowEntry.Load setField(ByteBuffer a, int at, int length) {
        int header = a.getInt(at + 4);
        if (length >= 16 && header >>> 16 == Of14.NXM_1 && (header & 0x1ff) == 4 && ((header >>> 9) & 0x7f) < 16) {
            return new FlowEntry.Load((header >>> 9) & 0x7f, a.getInt(at + 8) & 0xffffffffL);
        }
        return null;
    }

    /** Nicira {@code nx_action_reg_load} of a whole register (bits 0..31), else null. */
    private static FlowEntry.Load regLoad(ByteBuffer a, int at, int length) {
        if (length != 24 || a.getInt(at + 4) != NX_VENDOR_ID || (a.getShort(at + 8) & 0xffff) != NXAST_REG_LOAD
                || (a.getShort(at + 10) & 0xffff) != WHOLE_REGISTER) {
            return null;
        }
        int dst = a.getInt(at + 12);
        long value = a.getLong(at + 16);
        if (dst >>> 16 != Of14.NXM_1 || (dst & 0x1ff) != 4 || ((dst >>> 9) & 0x7f) >= 16 || value >>> 32 != 0) {
            return null;
        }
        return new FlowEntry.Load((dst >>> 9) & 0x7f, value);
    }

    private static IllegalArgumentException malformed(String what, String expected) {
        return new IllegalArgumentException("flow statistics reply: " + what + " (expected: " + expected + ")");
    }
}
