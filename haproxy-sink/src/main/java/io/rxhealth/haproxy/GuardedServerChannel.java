package io.rxhealth.haproxy;

import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The listening channel: asks {@link Admission} about each accepted connection before Netty makes a
 * channel of it. A refused connection is reset at once: no byte of it is read, no channel, buffer or
 * timer is made for it, and the reset leaves no FIN_WAIT or TIME_WAIT socket behind, so a flood of
 * refused connections costs little more than the accept itself.
 */
final class GuardedServerChannel extends NioServerSocketChannel {
    private static final Logger log = LoggerFactory.getLogger(GuardedServerChannel.class);
    // Refusals handled in one read before other I/O gets its turn; admitted connections end the read.
    private static final int MAX_REFUSED_PER_READ = 64;

    private final Admission admission;
    private final RefusalLog refusals;

    GuardedServerChannel(Admission admission, RefusalLog refusals) {
        this.admission = admission;
        this.refusals = refusals;
    }

    /** Serves a socket systemd already bound and listens on. */
    GuardedServerChannel(ServerSocketChannel inherited, Admission admission, RefusalLog refusals) {
        super(inherited);
        this.admission = admission;
        this.refusals = refusals;
    }

    @Override
    protected int doReadMessages(List<Object> buf) throws Exception {
        for (int i = 0; i < MAX_REFUSED_PER_READ; i++) {
            SocketChannel accepted = javaChannel().accept();
            if (accepted == null) {
                return 0;
            }
            InetSocketAddress source = sourceOf(accepted);
            if (source == null) {
                // Reset by the client before we got here: nothing to serve.
                reset(accepted);
                continue;
            }
            Admission.Outcome outcome = admission.admit(source);
            if (outcome == Admission.Outcome.ADMITTED) {
                NioSocketChannel child;
                try {
                    child = new NioSocketChannel(this, accepted);
                } catch (RuntimeException e) {
                    admission.release(source);
                    reset(accepted);
                    throw e;
                }
                child.closeFuture().addListener(closed -> admission.release(source));
                buf.add(child);
                return 1;
            }
            reset(accepted);
            refusals.refused(outcome, source).ifPresent(log::warn);
        }
        return 0;
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
}
