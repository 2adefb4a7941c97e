package io.rxhealth.ovs.openflow;

import java.nio.ByteBuffer;

/** One message read from the switch: its header's type and xid, and a read-only copy of its body. */
record OfMessage(int version, int type, int xid, ByteBuffer body) {
    OfMessage {
        body = body.asReadOnlyBuffer();
    }

    /** The error this OFPT_ERROR message carries, by name: {@code OFPFMFC_OVERLAP}. */
    String errorName() {
        ByteBuffer b = body.duplicate();
        if (b.remaining() < 4) {
            return "OFPT_ERROR without type and code";
        }
        return Of14Errors.name(b.getShort() & 0xffff, b.getShort() & 0xffff);
    }

    /** The bundle control type of an OFPT_BUNDLE_CONTROL reply ({@code Of14.BUNDLE_*}), -1 when too short. */
    int bundleControlType() {
        return body.remaining() < 8 ? -1 : body.getShort(body.position() + 4) & 0xffff;
    }
}
