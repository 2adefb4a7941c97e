package io.rxhealth.ovs.openflow;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * The first half of a bundle on the wire, encoded as the socket takes it: the open request, one
 * bundle add per flow mod (consecutive xids from {@code firstXid}), and a barrier. The barrier's
 * reply says the switch has taken every add and reported any it refused, so the commit is sent
 * only for a bundle that can commit, and a call abandoned before it leaves the switch's table
 * alone: OVS discards an uncommitted bundle when its connection closes.
 */
final class BundleFeed implements OfConnection.Outgoing {
    private final List<FlowMod> mods;
    private final int bundleId;
    private final int openXid;
    private final int firstXid;
    private final int barrierXid;
    private boolean opened;
    private int next;
    private boolean barrier;

    BundleFeed(List<FlowMod> mods, int bundleId, int openXid, int firstXid, int barrierXid) {
        this.mods = mods;
        this.bundleId = bundleId;
        this.openXid = openXid;
        this.firstXid = firstXid;
        this.barrierXid = barrierXid;
    }

    @Override
    public boolean fill(ByteBuffer buffer) {
        if (!opened) {
            Of14Encoder.bundleControl(buffer, openXid, bundleId, Of14.BUNDLE_OPEN_REQUEST);
            opened = true;
        }
        while (next < mods.size()) {
            FlowMod mod = mods.get(next);
            if (buffer.remaining() < Of14Encoder.bundleAddLength(mod)) {
                return true;
            }
            Of14Encoder.bundleAdd(buffer, firstXid + next, bundleId, mod);
            next++;
        }
        if (buffer.remaining() < Of14.HEADER) {
            return true;
        }
        Of14Encoder.barrier(buffer, barrierXid);
        barrier = true;
        return false;
    }

    /** True once the barrier is in the buffer. */
    boolean finished() {
        return barrier;
    }
}
