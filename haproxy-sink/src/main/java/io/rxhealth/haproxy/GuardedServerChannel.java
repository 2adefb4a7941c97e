package io.rxhealth.haproxy;

import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The listening channel: takes accepted connections out of the kernel's queue into a
 * {@link WaitingRoom}, asking {@link Admission} about each before Netty makes a channel of it, and
 * serves them lightest source first. A refused connection is reset at once: no byte of it is read,
 * no channel, buffer or timer is made for it, and the reset leaves no FIN_WAIT or TIME_WAIT socket
 * behind, so a flood of refused connections costs little more than the accept itself.
 */
final class GuardedServerChannel extends NioServerSocketChannel {
    private static final Logger log = LoggerFactory.getLogger(GuardedServerChannel.class);
    // Connections taken from the kernel's queue before the next one is served. Each connection served
    // (up to 16 per read) is preceded by a drain, so a burst is out of the kernel's arrival order
    // within a few connections; and a flood of refused connections yields to other I/O at 16 x 64.
    private static final int MAX_ACCEPTS_PER_DRAIN = 64;

    private final Admission admission;
    private final RefusalLog refusals;
    private final WaitingRoom<InetAddress, Accepted> room;
    private boolean readScheduled;

    GuardedServerChannel(Admission admission, RefusalLog refusals, int roomCapacity) {
        this.admission = admission;
        this.refusals = refusals;
        this.room = new WaitingRoom<>(roomCapacity, Accepted::address);
    }

    /** Serves a socket systemd already bound and listens on. */
    GuardedServerChannel(ServerSocketChannel inherited, Admission admission, RefusalLog refusals, int roomCapacity) {
        super(inherited);
        this.admission = admission;
        this.refusals = refusals;
        this.room = new WaitingRoom<>(roomCapacity, Accepted::address);
    }

    @Override
    protected int doReadMessages(List<Object> buf) throws Exception {
        drainAcceptQueue();
        for (Accepted next; (next = room.next(admission::load)) != null; ) {
            if (admission.seat(next.source()) != Admission.Outcome.ADMITTED) {
                refuse(next, Admission.Outcome.FULL);
                continue;
            }
            ReplyChannel child;
            try {
                child = new ReplyChannel(this, next.socket());
            } catch (RuntimeException e) {
                admission.release(next.source());
                reset(next.socket());
                throw e;
            }
            InetSocketAddress source = next.source();
            child.closeFuture().addListener(closed -> admission.release(source));
            buf.add(child);
            if (!room.isEmpty()) {
                // The kernel's queue may be empty, so no accept event would come for those waiting.
                scheduleRead();
            }
            return 1;
        }
        return 0;
    }

    @Override
    protected void doClose() throws Exception {
        for (Accepted waiting : room.clear()) {
            admission.leave(waiting.source());
            reset(waiting.socket());
        }
        super.doClose();
    }

    private void drainAcceptQueue() throws IOException {
        for (int i = 0; i < MAX_ACCEPTS_PER_DRAIN; i++) {
            SocketChannel accepted = javaChannel().accept();
            if (accepted == null) {
                return;
            }
            InetSocketAddress source = sourceOf(accepted);
            if (source == null) {
                // Reset by the client before we got here: nothing to serve.
                reset(accepted);
                continue;
            }
            Admission.Outcome outcome = admission.admit(source);
            if (outcome != Admission.Outcome.ADMITTED) {
                reset(accepted);
                refusals.refused(outcome, source).ifPresent(log::warn);
                continue;
            }
            Accepted turnedAway = room.add(new Accepted(source, accepted), admission::load);
            if (turnedAway != null) {
                admission.crowdedOut(turnedAway.source());
                reset(turnedAway.socket());
                refusals.refused(Admission.Outcome.CROWDED, turnedAway.source()).ifPresent(log::warn);
            }
        }
    }

    private void refuse(Accepted waiting, Admission.Outcome why) {
        reset(waiting.socket());
        refusals.refused(why, waiting.source()).ifPresent(log::warn);
    }

    private void scheduleRead() {
        if (!readScheduled) {
            readScheduled = true;
            eventLoop().execute(this::readWaiting);
        }
    }

    private void readWaiting() {
        readScheduled = false;
        if (isOpen() && !room.isEmpty()) {
            ((NioUnsafe) unsafe()).read();
        }
    }

    private static InetSocketAddress sourceOf(SocketChannel accepted) {
        try {
            return (InetSocketAddress) accepted.getRemoteAddress();
        } catch (IOException e) {
            return null;
        }
    }

    private static void reset(SocketChannel accepted) {
        try {
            // SO_LINGER 0: close sends a reset and frees the socket at once.
            accepted.setOption(StandardSocketOptions.SO_LINGER, 0);
        } catch (IOException ignored) {
            // Already reset by the client: close below still frees it.
        }
        try {
            accepted.close();
        } catch (IOException ignored) {
            // Nothing left to free.
        }
    }

    /** A connection taken from the kernel's queue and admitted, not yet served. */
    private record Accepted(InetSocketAddress source, SocketChannel socket) {
        InetAddress address() {
            return source.getAddress();
        }
    }
}
