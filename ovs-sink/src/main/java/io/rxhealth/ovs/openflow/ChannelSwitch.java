package io.rxhealth.ovs.openflow;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeoutException;

/**
 * A switch reached through persistent OpenFlow 1.4 connections to its management socket: one for
 * structured bundles (the slot table's), one for flow reads (the slot table's read-back), so that
 * a read never holds a write up on our side; and through another {@link OpenFlowSwitch}
 * (ovs-ofctl) for text bundles, text dumps and counts. A structured bundle is encoded straight
 * from its {@link FlowMod}s and flow statistics are decoded in the daemon: no child process, no
 * text. Every call has a deadline that covers waiting for the connection, connecting and the
 * whole exchange; after a failure the connection is closed and the next call opens a new one (a
 * restarted switch is found the same way). Safe for concurrent calls: each connection makes one
 * at a time.
 */
public final class ChannelSwitch implements OpenFlowSwitch, AutoCloseable {
    /** What one call may take, as for ovs-ofctl: a full bundle of 65,536 slots took 0.8 s here (docs/PERFORMANCE.md). */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    private static final String KEPT = "; the switch discards the open bundle with the connection";

    private final String target;
    private final OpenFlowSwitch text;
    private final OfSession writes;
    private final FlowReads reads;
    /** Guarded by the write session's lock. */
    private int nextBundle;

    /**
     * @param target what messages call the switch
     * @param socket the bridge's management socket ({@code /run/openvswitch/br-lb.mgmt})
     * @param text   the switch for text bundles, dumps and counts
     */
    public ChannelSwitch(String target, Path socket, OpenFlowSwitch text, Duration timeout, Ticker ticker) {
        this.target = requireNonNull(target, "target");
        this.text = requireNonNull(text, "text");
        this.writes = new OfSession("OpenFlow bundle", target, socket, timeout, ticker);
        this.reads = new FlowReads(new OfSession("OpenFlow flow statistics", target, socket, timeout, ticker));
    }

    /**
     * The unix socket an OpenFlow target names, as ovs-ofctl reads it: {@code unix:PATH}, or a
     * bridge name as {@code RUNDIR/NAME.mgmt}; empty for other targets ({@code tcp:}, {@code ssl:}).
     */
    public static Optional<Path> socketOf(String target, Path runDirectory) {
        if (target.startsWith("unix:")) {
            return Optional.of(Path.of(target.substring("unix:".length())));
        }
        return target.contains(":") ? Optional.empty() : Optional.of(runDirectory.resolve(target + ".mgmt"));
    }

    /** A channel to the socket {@code target} names ({@link #socketOf}), 10 s a call; empty for a target that is no unix socket. */
    public static Optional<ChannelSwitch> forTarget(String target, Path runDirectory, OpenFlowSwitch text, Ticker ticker) {
        return socketOf(target, runDirectory).map(socket -> new ChannelSwitch(target, socket, text, DEFAULT_TIMEOUT, ticker));
    }

    @Override
    public String target() {
        return target;
    }

    @Override
    public String dumpFlows(OptionalInt table) throws OpenFlowException {
        return text.dumpFlows(table);
    }

    /** Flow statistics over the read connection, decoded here. */
    @Override
    public List<FlowEntry> flows(FlowQuery query) throws OpenFlowException {
        return reads.flows(query);
    }

    @Override
    public long flowCount(String match) throws OpenFlowException {
        return text.flowCount(match);
    }

    /** Table statistics over the read connection. */
    @Override
    public long tableFlowCount(int table) throws OpenFlowException {
        return reads.tableFlowCount(table);
    }

    /** Aggregate statistics over the read connection. */
    @Override
    public long flowCount(FlowQuery query) throws OpenFlowException {
        return reads.flowCount(query);
    }

    @Override
    public void bundle(Bundle bundle) throws OpenFlowException {
        if (!bundle.isStructured()) {
            text.bundle(bundle);
            return;
        }
        long deadline = writes.deadline();
        writes.lock();
        try {
            send(bundle.structured(), deadline);
        } finally {
            writes.unlock();
        }
    }

    private void send(List<FlowMod> mods, long deadline) throws OpenFlowException {
        boolean reused = writes.reusable();
        OfConnection c = writes.connected(deadline);
        int bundleId = ++nextBundle;
        int openXid = c.xid();
        int firstXid = c.xids(mods.size());
        int barrierXid = c.xid();
        List<String> refused = new ArrayList<>();
        BundleFeed feed = new BundleFeed(mods, bundleId, openXid, firstXid, barrierXid);
        try {
            c.exchange(feed, m -> {
                if (m.type() == Of14.ERROR) {
                    refused.add(describe(m, mods, firstXid, openXid));
                }
                return m.type() == Of14.BARRIER_REPLY && m.xid() == barrierXid;
            }, deadline);
        } catch (TimeoutException e) {
            writes.drop();
            throw writes.failure("no barrier reply within " + writes.timeout() + " after " + mods.size()
                    + " bundle adds, before the commit" + KEPT, OpenFlowException.Failure.TIMED_OUT, e);
        } catch (IOException e) {
            writes.drop();
            if (reused && !feed.finished() && !Thread.currentThread().isInterrupted()) {
                // The switch went away since the last call (a restart): once more on a new connection.
                send(mods, deadline);
                return;
            }
            throw writes.failure("connection lost before the commit: " + e.getMessage() + KEPT,
                    OpenFlowException.Failure.NOT_MADE, e);
        }
        if (!refused.isEmpty()) {
            writes.drop();
            throw writes.failure(String.join("; ", refused) + " (expected: every flow mod accepted); not committed" + KEPT,
                    OpenFlowException.Failure.REFUSED, null);
        }
        commit(c, mods, bundleId, firstXid, refused, deadline);
    }

    private void commit(OfConnection c, List<FlowMod> mods, int bundleId, int firstXid, List<String> refused,
                        long deadline) throws OpenFlowException {
        int commitXid = c.xid();
        ByteBuffer out = ByteBuffer.allocate(16);
        Of14Encoder.bundleControl(out, commitXid, bundleId, Of14.BUNDLE_COMMIT_REQUEST);
        boolean[] committed = new boolean[1];
        try {
            c.exchange(OfConnection.Outgoing.of(out.flip()), m -> {
                if (m.type() == Of14.ERROR) {
                    refused.add(describe(m, mods, firstXid, commitXid));
                    return m.xid() == commitXid;
                }
                if (m.type() == Of14.BUNDLE_CONTROL && m.xid() == commitXid
                        && m.bundleControlType() == Of14.BUNDLE_COMMIT_REPLY) {
                    committed[0] = true;
                    return true;
                }
                return false;
            }, deadline);
        } catch (TimeoutException e) {
            writes.drop();
            throw writes.failure("no commit reply within " + writes.timeout(), OpenFlowException.Failure.TIMED_OUT, e);
        } catch (IOException e) {
            writes.drop();
            throw writes.failure("connection lost after the commit was sent: " + e.getMessage(),
                    OpenFlowException.Failure.TIMED_OUT, e);
        }
        if (!committed[0]) {
            // OVS has rolled the whole bundle back: the table is as it was.
            writes.drop();
            throw writes.failure(String.join("; ", refused) + " (expected: a commit reply)",
                    OpenFlowException.Failure.REFUSED, null);
        }
    }

    private static String describe(OfMessage error, List<FlowMod> mods, int firstXid, int controlXid) {
        int index = error.xid() - firstXid;
        if (index >= 0 && index < mods.size()) {
            return error.errorName() + " for flow mod " + (index + 1) + " of " + mods.size() + " ("
                    + mods.get(index).text() + ")";
        }
        return error.errorName() + (error.xid() == controlXid ? " for the bundle" : " (xid " + error.xid() + ")");
    }

    /** Closes the connections; later calls fail. Waits up to the timeout for a call in progress on each. */
    @Override
    public void close() {
        writes.close();
        reads.close();
    }
}
