package io.rxhealth.haproxy.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.locks.LockSupport;

/**
 * One client thread of {@link ReplyLoadHarness}: on its own schedule, connects, reads the reply to
 * the end of the stream and closes with a reset, as HAProxy does, one connection at a time, and
 * records how long that took and how late it started.
 *
 * <p>Each client connects from a source address of its own: the server keeps a share of
 * connections per source (32), and one source making thousands of checks a second is not what it
 * serves; HAProxy's checks come from a few addresses at a few a second each.
 *
 * <p>A blocking {@link SocketChannel} without timeouts, because each system call costs: per
 * connection it makes 11 (socket, setsockopt, bind, connect, two reads, close, and the JDK's
 * getsockname after bind and connect, three times in all), where
 * {@code java.net.Socket} with a connect and read timeout made 23 (non-blocking mode switched back
 * and forth with fcntl, a poll per wait, getsockopt, shutdown before close; counted with
 * {@code strace -c}). The deadline those timeouts gave is kept by {@link #expireAt}: a watchdog
 * closes a connection that has run past it, which ends the blocked call.
 */
final class LoadClient implements Runnable {
    private final InetSocketAddress target;
    private final InetSocketAddress source;
    private final ExpectedReply expected;
    private final long first;
    private final long intervalNanos;
    private final long end;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(1024);
    private final byte[] reply = new byte[1024];
    final Samples service = new Samples();
    final Samples lag = new Samples();
    final Thread thread = new Thread(this, "load-client");
    long unanswered;
    long firstStart = Long.MAX_VALUE;
    long lastDone = Long.MIN_VALUE;
    // Read by the watchdog: the connection under way and when it started (0: none).
    private volatile SocketChannel current;
    private volatile long startedAt;

    LoadClient(InetSocketAddress target, InetAddress source, ExpectedReply expected, long first, long intervalNanos,
               long end) {
        this.target = target;
        this.source = new InetSocketAddress(source, 0);
        this.expected = expected;
        this.first = first;
        this.intervalNanos = intervalNanos;
        this.end = end;
    }

    @Override
    public void run() {
        for (long scheduled = first; scheduled < end; scheduled += intervalNanos) {
            long now;
            while ((now = System.nanoTime()) < scheduled) {
                LockSupport.parkNanos(scheduled - now);
            }
            firstStart = Math.min(firstStart, now);
            boolean right;
            try {
                right = fetch(now);
            } catch (IOException e) {
                right = false;
            }
            long done = System.nanoTime();
            lastDone = done;
            if (right) {
                service.add(done - now);
                lag.add(now - scheduled);
            } else {
                unanswered++;
            }
        }
    }

    /** Closes the connection under way if it started before {@code deadline}; the watchdog's call. */
    void expireAt(long deadline) {
        SocketChannel ch = current;
        long started = startedAt;
        if (ch != null && started != 0 && started < deadline) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // closed already
            }
        }
    }

    private boolean fetch(long now) throws IOException {
        try (SocketChannel ch = SocketChannel.open()) {
            // Closed with a reset once the reply is read, as HAProxy's and the LB daemon's checks
            // close: no FIN exchange, no TIME_WAIT on either side.
            ch.setOption(StandardSocketOptions.SO_LINGER, 0);
            current = ch;
            startedAt = now;
            try {
                ch.bind(source);
                ch.connect(target);
                buffer.clear();
                while (ch.read(buffer) >= 0) {
                    if (!buffer.hasRemaining()) {
                        return false; // more than any reply line
                    }
                }
                int length = buffer.flip().remaining();
                buffer.get(reply, 0, length);
                return expected.matches(reply, length);
            } finally {
                startedAt = 0;
                current = null;
            }
        }
    }
}
