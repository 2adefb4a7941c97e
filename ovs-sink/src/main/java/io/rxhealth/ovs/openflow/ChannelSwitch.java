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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A switch reached through one persistent OpenFlow 1.4 connection to its management socket for
 * structured bundles (the slot table's), and through another {@link OpenFlowSwitch} (ovs-ofctl)
 * for text bundles, dumps and counts. A structured bundle is encoded straight from its
 * {@link FlowMod}s: no child process, no text to parse. Every call has a deadline that covers
 * waiting for the connection, connecting and the whole exchange; after a failure the connection
 * is closed and the next call opens a new one (a restarted switch is found the same way). Safe
 * for concurrent calls: the channel makes one at a time.
 */
public final class ChannelSwitch implements OpenFlowSwitch, AutoCloseable {
    /** What one call may take, as for ovs-ofctl: a full bundle of 65,536 slots took 0.8 s here (docs/PERFORMANCE.md). */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    private static final String KEPT = "; the switch discards the open bundle with the connection";

    private final String target;
    private final Path socket;
    private final OpenFlowSwitch text;
    private final Duration timeout;
    private final Ticker ticker;
    private final ReentrantLock lock = new ReentrantLock();
    /** Guarded by {@link #lock}. */
    private OfConnection connection;
    private int nextBundle;
    private boolean closed;

    /**
     * @param target what messages call the switch
     * @param socket the bridge's management socket ({@code /run/openvswitch/br-lb.mgmt})
     * @param text   the switch for text bundles, dumps and counts
     */
    public ChannelSwitch(String target, Path socket, OpenFlowSwitch text, Duration timeout, Ticker ticker) {
        this.target = requireNonNull(target, "target");
        this.socket = requireNonNull(socket, "socket");
        this.text = requireNonNull(text, "text");
        this.timeout = requireNonNull(timeout, "timeout");
        this.ticker = requireNonNull(ticker, "ticker");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout: " + timeout + " (expected: > 0)");
        }
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

    @Override
    public long flowCount(String match) throws OpenFlowException {
        return text.flowCount(match);
    }

    @Override
    public void bundle(Bundle bundle) throws OpenFlowException {
        if (!bundle.isStructured()) {
            text.bundle(bundle);
            return;
        }
        long deadline = ticker.nanos() + timeout.toNanos();
        try {
            if (!lock.tryLock(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                throw failure("another call held the channel for " + timeout, OpenFlowException.Failure.TIMED_OUT, null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failure("interrupted", OpenFlowException.Failure.NOT_MADE, e);
        }
        try {
            send(bundle.structured(), deadline);
        } finally {
            lock.unlock();
        }
    }

    private void send(List<FlowMod> mods, long deadline) throws OpenFlowException {
        boolean reused = connection != null && connection.stillOpen();
        OfConnection c = connected(deadline);
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
            drop();
            throw failure("no barrier reply within " + timeout + " after " + mods.size()
                    + " bundle adds, before the commit" + KEPT, OpenFlowException.Failure.TIMED_OUT, e);
        } catch (IOException e) {
            drop();
            if (reused && !feed.finished() && !Thread.currentThread().isInterrupted()) {
                // The switch went away since the last call (a restart): once more on a new connection.
                send(mods, deadline);
                return;
            }
            throw failure("connection lost before the commit: " + e.getMessage() + KEPT,
                    OpenFlowException.Failure.NOT_MADE, e);
        }
        if (!refused.isEmpty()) {
            drop();
            throw failure(String.join("; ", refused) + " (expected: every flow mod accepted); not committed" + KEPT,
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
            drop();
            throw failure("no commit reply within " + timeout, OpenFlowException.Failure.TIMED_OUT, e);
        } catch (IOException e) {
            drop();
            throw failure("connection lost after the commit was sent: " + e.getMessage(),
                    OpenFlowException.Failure.TIMED_OUT, e);
        }
        if (!committed[0]) {
            // OVS has rolled the whole bundle back: the table is as it was.
            drop();
            throw failure(String.join("; ", refused) + " (expected: a commit reply)", OpenFlowException.Failure.REFUSED,
                    null);
        }
    }

    /** The open connection, or a new one. */
    private OfConnection connected(long deadline) throws OpenFlowException {
        if (closed) {
            throw failure("closed", OpenFlowException.Failure.NOT_MADE, null);
        }
        if (connection != null && connection.stillOpen()) {
            return connection;
        }
        drop();
        try {
            connection = OfConnection.open(socket, ticker, deadline);
            return connection;
        } catch (OpenFlowVersionException e) {
            throw failure("the switch refused OpenFlow 1.4 (" + e.getMessage()
                    + "); the bridge needs protocols=...,OpenFlow14", OpenFlowException.Failure.REFUSED, e);
        } catch (TimeoutException e) {
            drop();
            throw failure("no hello within " + timeout, OpenFlowException.Failure.TIMED_OUT, e);
        } catch (IOException e) {
            throw failure("cannot connect to " + socket + ": " + e.getMessage(), OpenFlowException.Failure.NOT_MADE, e);
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

    private void drop() {
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }

    private OpenFlowException failure(String what, OpenFlowException.Failure failure, Throwable cause) {
        return new OpenFlowException("OpenFlow bundle " + target + ": " + what, failure, cause);
    }

    /** Closes the connection; later calls fail. Waits up to the timeout for a call in progress. */
    @Override
    public void close() {
        boolean locked = false;
        try {
            locked = lock.tryLock(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closed = true;
        drop();
        if (locked) {
            lock.unlock();
        }
    }
}
