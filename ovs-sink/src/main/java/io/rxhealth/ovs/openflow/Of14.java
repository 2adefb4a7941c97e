package io.rxhealth.ovs.openflow;

/**
 * The numbers of OpenFlow 1.4 (wire version 0x05) the channel uses: message types, bundle control
 * types and flags, and the Nicira register fields OVS accepts in OXM form. From the OpenFlow 1.4.1
 * specification and OVS's {@code openflow-1.4.h} / {@code nx-match.h}; the bytes are pinned
 * against what {@code ovs-ofctl} 3.1 sends ({@code Of14EncoderTest}).
 */
final class Of14 {
    static final int VERSION = 0x05;
    static final int HEADER = 8;

    static final int HELLO = 0;
    static final int ERROR = 1;
    static final int ECHO_REQUEST = 2;
    static final int ECHO_REPLY = 3;
    static final int FLOW_MOD = 14;
    static final int BARRIER_REQUEST = 20;
    static final int BARRIER_REPLY = 21;
    static final int BUNDLE_CONTROL = 33;
    static final int BUNDLE_ADD_MESSAGE = 34;
    static final int MULTIPART_REQUEST = 18;
    static final int MULTIPART_REPLY = 19;

    /** {@code ofp_multipart_type}: one flow's statistics per entry, their sums, and every table's. */
    static final int MULTIPART_FLOW = 1;
    static final int MULTIPART_AGGREGATE = 2;
    static final int MULTIPART_TABLE = 3;
    /** {@code OFPMPF_REPLY_MORE}: more replies of the same xid follow. */
    static final int MULTIPART_REPLY_MORE = 1;
    /** Table id of a request that asks for every table. */
    static final int ALL_TABLES = 0xff;

    /** {@code ofp_hello_elem_type}: the version bitmap; bit 5 is OpenFlow 1.4. */
    static final int HELLO_ELEM_VERSIONBITMAP = 1;
    static final int VERSION_BIT = 1 << VERSION;

    static final int BUNDLE_OPEN_REQUEST = 0;
    static final int BUNDLE_OPEN_REPLY = 1;
    static final int BUNDLE_COMMIT_REQUEST = 4;
    static final int BUNDLE_COMMIT_REPLY = 5;
    static final int BUNDLE_DISCARD_REQUEST = 6;
    /** All or nothing, in the order added: {@code OFPBF_ATOMIC | OFPBF_ORDERED}, as ovs-ofctl asks. */
    static final int BUNDLE_FLAGS = 1 | 2;

    static final long NO_BUFFER = 0xffffffffL;
    static final long ANY = 0xffffffffL;
    static final int MATCH_OXM = 1;
    static final int INSTRUCTION_GOTO_TABLE = 1;
    static final int INSTRUCTION_APPLY_ACTIONS = 4;
    static final int ACTION_SET_FIELD = 25;
    /** OXM class of {@code NXM_NX_REG0..15} ({@code OFPXMC_NXM_1}), 4-byte fields numbered as the register. */
    static final int NXM_1 = 0x0001;

    private Of14() {
    }

    /** The OXM header of register {@code n}, no mask: class, field, hasmask 0, length 4. */
    static int registerHeader(int n) {
        return NXM_1 << 16 | n << 9 | 4;
    }

    /** The OXM header of register {@code n} with a mask: hasmask 1, length 8 (value, then mask). */
    static int maskedRegisterHeader(int n) {
        return NXM_1 << 16 | n << 9 | 1 << 8 | 8;
    }
}
