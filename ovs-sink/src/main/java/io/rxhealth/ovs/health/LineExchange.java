package io.rxhealth.ovs.health;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One short TCP exchange on a non-blocking channel: connect from the source address, send the
 * request bytes (if any), read up to the first line end, close with a reset. An agent poll sends agent-send and
 * reads the agent's line; an HTTP probe sends a GET and reads the status line; a TCP probe reads
 * nothing and is answered once connected. Driven by an {@link ExchangeLoop}'s selector thread only;
 * the outcome is reported exactly once, then the loop is told it is finished.
 */
final class LineExchange {
    private static final Logger log = LoggerFactory.getLogger(LineExchange.class);

    /** What came of the exchange. */
    interface Outcome {
        /** The first line without its line end; {@code ""} for an exchange that reads nothing, once connected. */
        void answered(String line);

        void failed(AgentFailure failure, String detail);
    }

    /** The longest line anything here reads: HAProxy reads agent replies into 16 KiB ({@code tune.bufsize}). */
    static final int MAX_LINE = 16 * 1024;

    /** Ticker nanos by which the exchange must have its line; moved on only by {@link #postpone}. */
    long deadline;
    private long postponed;
    private final InetSocketAddress remote;
    private final SourceAddress source;
    private final byte[] request;
    private final boolean readsLine;
    private final int maxLine;
    private final Outcome outcome;
    private Runnable finished = () -> { };
    private SocketChannel channel;
    private SelectionKey key;
    private ByteBuffer pendingWrite;
    private boolean connected;
    private byte[] received = new byte[64];
    private int length;
    private boolean done;

    /**
     * @param request   bytes sent right after connecting, possibly none
     * @param readsLine false: answered with {@code ""} as soon as the connection is up
     * @param maxLine   bytes without a line end after which the exchange fails (TOO_LONG), <= {@link #MAX_LINE}
     */
    LineExchange(InetSocketAddress remote, SourceAddress source, byte[] request, boolean readsLine, int maxLine,
                 long deadline, Outcome outcome) {
        this.remote = requireNonNull(remote, "remote");
        this.source = requireNonNull(source, "source");
        this.request = requireNonNull(request, "request"); // only read: one array serves every exchange of a target
        this.readsLine = readsLine;
        if (maxLine < 1 || maxLine > MAX_LINE) {
            throw new IllegalArgumentException("maxLine: " + maxLine + " (expected: 1.." + MAX_LINE + ")");
        }
        this.maxLine = maxLine;
        this.deadline = deadline;
        this.outcome = requireNonNull(outcome, "outcome");
    }

    /**
     * Gives the exchange {@code nanos} more, the time its loop was held up (its thread not running),
     * up to {@code cap} in all: a timeout is the member's budget, not the daemon's.
     */
    void postpone(long nanos, long cap) {
        long more = Math.min(nanos, cap - postponed);
        if (more > 0) {
            deadline += more;
            postponed += more;
        }
    }

    /** Run after the outcome is reported, by the loop that owns this exchange. */
    void whenFinished(Runnable finished) {
        this.finished = requireNonNull(finished, "finished");
    }

    boolean done() {
        return done;
    }

    void open(Selector selector) {
        try {
            channel = SocketChannel.open();
            channel.configureBlocking(false);
            // Close with a reset, as HAProxy and keepalived close their checks: no TIME_WAIT here. Bound to
            // an hc address, each TIME_WAIT would hold an ephemeral port for 60 s, and 1,000 members
            // probed every 2 s need 30,000 of the 28,232 there are; conntrack keeps a reset
            // connection 10 s (nf_conntrack_tcp_timeout_close) instead of 120 s.
            channel.setOption(StandardSocketOptions.SO_LINGER, 0);
            InetAddress local = source.resolve();
            if (local != null) {
                channel.bind(new InetSocketAddress(local, 0));
            }
            boolean up = channel.connect(remote);
            key = channel.register(selector, up ? 0 : SelectionKey.OP_CONNECT, this);
            if (up) {
                connected();
            }
        } catch (IOException e) {
            fail(AgentFailure.CONNECT, e.toString());
        }
    }

    /** {@code readBuffer}: the loop's buffer, at least {@link #MAX_LINE} bytes. */
    void onReady(ByteBuffer readBuffer) {
        try {
            if (key.isConnectable()) {
                channel.finishConnect();
                connected();
                if (!done && pendingWrite == null) {
                    // Nothing to send: an agent writes its line at accept, so it is often here already.
                    // Read it now rather than one select later, which also spares that turn's work.
                    read(readBuffer);
                }
                return;
            }
            if (key.isWritable()) {
                write();
            }
            if (!done && key.isReadable()) {
                read(readBuffer);
            }
        } catch (ConnectException e) {
            fail(AgentFailure.CONNECT, e.getMessage());
        } catch (IOException e) {
            fail(AgentFailure.IO, e.toString());
        }
    }

    void expire() {
        fail(AgentFailure.TIMEOUT, !connected ? "no connection within the timeout"
                : length == 0 ? "no reply within the timeout"
                : "no line end within the timeout after " + length + " bytes");
    }

    private void connected() throws IOException {
        connected = true;
        if (!readsLine) {
            complete(() -> outcome.answered(""));
            return;
        }
        if (request.length == 0) {
            key.interestOps(SelectionKey.OP_READ);
            return;
        }
        // The request goes out as written, right after connect (agent-send: agent-check.md, semantics 12).
        pendingWrite = ByteBuffer.wrap(request);
        write();
    }

    private void write() throws IOException {
        channel.write(pendingWrite);
        key.interestOps(pendingWrite.hasRemaining() ? SelectionKey.OP_WRITE | SelectionKey.OP_READ
                : SelectionKey.OP_READ);
    }

    private void read(ByteBuffer buffer) throws IOException {
        buffer.clear();
        int n = channel.read(buffer);
        if (n < 0) {
            fail(length == 0 ? AgentFailure.EMPTY : AgentFailure.INCOMPLETE,
                    length == 0 ? "closed without a reply" : "closed after " + length + " bytes without a line end");
            return;
        }
        buffer.flip();
        int start = length;
        append(buffer);
        for (int i = start; i < length; i++) {
            if (received[i] == '\n' || received[i] == '\r') {
                // Latin-1 keeps every byte as one char; keywords and status lines are ASCII.
                String line = new String(received, 0, i, StandardCharsets.ISO_8859_1);
                complete(() -> outcome.answered(line));
                return;
            }
        }
        if (length >= maxLine) {
            fail(AgentFailure.TOO_LONG, length + " bytes without a line end");
        }
    }

    private void append(ByteBuffer buffer) {
        int n = Math.min(buffer.remaining(), maxLine - length);
        if (length + n > received.length) {
            received = Arrays.copyOf(received, Math.min(maxLine, Math.max(length + n, received.length * 2)));
        }
        buffer.get(received, length, n);
        length += n;
    }

    private void fail(AgentFailure failure, String detail) {
        complete(() -> outcome.failed(failure, detail));
    }

    private void complete(Runnable report) {
        if (done) {
            return;
        }
        done = true;
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // Closing a socket we are done with: nothing left to report.
            }
        }
        try {
            report.run();
        } catch (RuntimeException e) {
            // The outcome's listener failed: the loop and the other exchanges must go on.
            log.error("handling the outcome of the exchange with {} failed", remote, e);
        } finally {
            finished.run();
        }
    }
}
