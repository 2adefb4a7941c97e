package io.rxhealth.ovs.openflow;

import static io.rxhealth.ovs.openflow.Of14.HEADER;
import static io.rxhealth.ovs.openflow.Of14.VERSION;

import io.rxhealth.ovs.openflow.FlowMod.RegisterLoad;
import io.rxhealth.ovs.openflow.FlowMod.RegisterMatch;
import java.nio.ByteBuffer;
import java.util.Comparator;
import java.util.List;

/**
 * Encodes the OpenFlow 1.4 messages the channel sends: hello, echo reply, barrier, bundle control
 * and bundle add of a {@link FlowMod}. Pure: appends big-endian bytes to the buffer it is given.
 */
final class Of14Encoder {
    private static final Comparator<RegisterMatch> BY_REGISTER = Comparator.comparingInt(RegisterMatch::register);
    /** Header, bundle add body, flow mod fixed part, match and instructions of a slot flow: 136 bytes. */
    static final int SLOT_ADD_BYTES = 136;

    private Of14Encoder() {
    }

    /** HELLO offering OpenFlow 1.4 only (a version bitmap element, as ovs-ofctl -O OpenFlow14 sends). */
    static void hello(ByteBuffer out, int xid) {
        header(out, Of14.HELLO, 16, xid);
        out.putShort((short) Of14.HELLO_ELEM_VERSIONBITMAP).putShort((short) 8).putInt(Of14.VERSION_BIT);
    }

    /** ECHO_REPLY carrying the request's data back. */
    static void echoReply(ByteBuffer out, int xid, ByteBuffer data) {
        header(out, Of14.ECHO_REPLY, HEADER + data.remaining(), xid);
        out.put(data.duplicate());
    }

    /** ECHO_REQUEST without data. */
    static void echoRequest(ByteBuffer out, int xid) {
        header(out, Of14.ECHO_REQUEST, HEADER, xid);
    }

    static void barrier(ByteBuffer out, int xid) {
        header(out, Of14.BARRIER_REQUEST, HEADER, xid);
    }

    /** BUNDLE_CONTROL of {@code type} ({@code Of14.BUNDLE_*_REQUEST}) with the atomic and ordered flags. */
    static void bundleControl(ByteBuffer out, int xid, int bundleId, int type) {
        header(out, Of14.BUNDLE_CONTROL, 16, xid);
        out.putInt(bundleId).putShort((short) type).putShort((short) Of14.BUNDLE_FLAGS);
    }

    /** Bytes {@link #bundleAdd} writes for {@code mod}. */
    static int bundleAddLength(FlowMod mod) {
        return HEADER + 8 + flowModLength(mod);
    }

    /** BUNDLE_ADD_MESSAGE of {@code mod}; the inner message has the outer one's xid, as OVS requires. */
    static void bundleAdd(ByteBuffer out, int xid, int bundleId, FlowMod mod) {
        header(out, Of14.BUNDLE_ADD_MESSAGE, bundleAddLength(mod), xid);
        out.putInt(bundleId).putShort((short) 0).putShort((short) Of14.BUNDLE_FLAGS);
        flowMod(out, xid, mod);
    }

    static int flowModLength(FlowMod mod) {
        int instructions = 0;
        if (mod.command() == FlowMod.Command.ADD) {
            instructions = (mod.loads().isEmpty() ? 0 : 8 + 16 * mod.loads().size()) + (mod.gotoTable() >= 0 ? 8 : 0);
        }
        return HEADER + 40 + padded(matchLength(mod.match())) + instructions;
    }

    /** OFPT_FLOW_MOD: no timeouts, no buffer, any port and group, match on registers, apply-actions and goto. */
    static void flowMod(ByteBuffer out, int xid, FlowMod mod) {
        header(out, Of14.FLOW_MOD, flowModLength(mod), xid);
        out.putLong(mod.cookie()).putLong(0);
        out.put((byte) mod.table()).put((byte) mod.command().code);
        out.putShort((short) 0).putShort((short) 0).putShort((short) mod.priority());
        out.putInt((int) Of14.NO_BUFFER).putInt((int) Of14.ANY).putInt((int) Of14.ANY);
        int flags = 0;
        for (FlowMod.Flag flag : mod.flags()) {
            flags |= flag.bit;
        }
        out.putShort((short) flags).putShort((short) 0);
        List<RegisterMatch> match = mod.match().size() < 2 ? mod.match() : mod.match().stream().sorted(BY_REGISTER).toList();
        int matchLength = matchLength(match);
        out.putShort((short) Of14.MATCH_OXM).putShort((short) matchLength);
        for (RegisterMatch m : match) {
            out.putInt(Of14.registerHeader(m.register())).putInt((int) m.value());
        }
        pad(out, padded(matchLength) - matchLength);
        if (mod.command() != FlowMod.Command.ADD) {
            return;
        }
        if (!mod.loads().isEmpty()) {
            out.putShort((short) Of14.INSTRUCTION_APPLY_ACTIONS).putShort((short) (8 + 16 * mod.loads().size())).putInt(0);
            for (RegisterLoad load : mod.loads()) {
                out.putShort((short) Of14.ACTION_SET_FIELD).putShort((short) 16);
                out.putInt(Of14.registerHeader(load.register())).putInt((int) load.value()).putInt(0);
            }
        }
        if (mod.gotoTable() >= 0) {
            out.putShort((short) Of14.INSTRUCTION_GOTO_TABLE).putShort((short) 8);
            out.put((byte) mod.gotoTable()).put((byte) 0).putShort((short) 0);
        }
    }

    /** Bytes {@link #flowStatsRequest} writes for {@code query}. */
    static int flowStatsRequestLength(FlowQuery query) {
        return HEADER + 8 + 32 + padded(queryMatchLength(query));
    }

    /**
     * OFPT_MULTIPART_REQUEST of {@code type} ({@code Of14.MULTIPART_FLOW} or
     * {@code MULTIPART_AGGREGATE}; both have this body): the query's table, cookie and register
     * matches, any output port and group.
     */
    static void flowStatsRequest(ByteBuffer out, int xid, int type, FlowQuery query) {
        if (type != Of14.MULTIPART_FLOW && type != Of14.MULTIPART_AGGREGATE) {
            throw new IllegalArgumentException("type: " + type + " (expected: 1, flow, or 2, aggregate)");
        }
        header(out, Of14.MULTIPART_REQUEST, flowStatsRequestLength(query), xid);
        out.putShort((short) type).putShort((short) 0).putInt(0);
        out.put((byte) query.table()).put((byte) 0).putShort((short) 0);
        out.putInt((int) Of14.ANY).putInt((int) Of14.ANY).putInt(0);
        out.putLong(query.cookie()).putLong(query.cookieMask());
        int matchLength = queryMatchLength(query);
        out.putShort((short) Of14.MATCH_OXM).putShort((short) matchLength);
        for (FlowQuery.MaskedRegister m : query.match()) {
            if (m.exact()) {
                out.putInt(Of14.registerHeader(m.register())).putInt((int) m.value());
            } else {
                out.putInt(Of14.maskedRegisterHeader(m.register())).putInt((int) m.value()).putInt((int) m.mask());
            }
        }
        pad(out, padded(matchLength) - matchLength);
    }

    /** OFPT_MULTIPART_REQUEST for every table's statistics (OFPMP_TABLE, no body). */
    static void tableStatsRequest(ByteBuffer out, int xid) {
        header(out, Of14.MULTIPART_REQUEST, HEADER + 8, xid);
        out.putShort((short) Of14.MULTIPART_TABLE).putShort((short) 0).putInt(0);
    }

    private static int queryMatchLength(FlowQuery query) {
        int length = 4;
        for (FlowQuery.MaskedRegister m : query.match()) {
            length += m.exact() ? 8 : 12;
        }
        return length;
    }

    private static int matchLength(List<RegisterMatch> match) {
        return 4 + 8 * match.size();
    }

    private static int padded(int length) {
        return (length + 7) & ~7;
    }

    private static void pad(ByteBuffer out, int bytes) {
        for (int i = 0; i < bytes; i++) {
            out.put((byte) 0);
        }
    }

    private static void header(ByteBuffer out, int type, int length, int xid) {
        if (length > 0xffff) {
            throw new IllegalArgumentException("message length: " + length + " (expected: <= 65535)");
        }
        out.put((byte) VERSION).put((byte) type).putShort((short) length).putInt(xid);
    }
}
