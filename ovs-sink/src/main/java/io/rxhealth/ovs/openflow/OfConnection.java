package io.rxhealth.ovs.openflow;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Ticker;
import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * One OpenFlow 1.4 connection to a switch's unix socket: framing, the hello, echo replies, and
 * {@link #exchange}, which writes while it reads so that neither side's buffers can stall the
 * other, and gives up at a deadline on the injected ticker. Not thread-safe: {@link ChannelSwitch}
 * makes one call at a time.
 */
final class OfConnection implements AutoCloseable {
    private final SocketChannel channel;
    private final Selector selector;
    private final SelectionKey key;
    private final Ticker ticker;
    private final Queue<ByteBuffer> replies = new ArrayDeque<>();
    /** Room for the longest message there is (its length field has 16 bits). */
    private final ByteBuffer in = ByteBuffer.allocate(1 << 16);
    /** Direct: the JDK copies a heap buffer into a temporary direct one on every write, all of what remains. */
    private final ByteBuffer outBuffer = ByteBuffer.allocateDirect(1 << 18);
    private int nextXid = 1;

    private OfConnection(SocketChannel channel, Selector selector, Ticker ticker) throws IOException {
        this.channel = channel;
        this.selector = selector;
        this.ticker = ticker;
        this.key = channel.register(selector, SelectionKey.OP_READ);
    }

    /**
     * Connects and exchanges hellos.
     *
     * @throws OpenFlowVersionException when the switch does not speak OpenFlow 1.4 on this socket
     */
    static OfConnection open(Path socket, Ticker ticker, long deadline) throws IOException, TimeoutException {
        requireNonNull(ticker, "ticker");
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        Selector selector = null;
        try {
            // Non-blocking from the start: a connect to a switch whose backlog is full (a hung
            // ovs-vswitchd) would otherwise block past the deadline.
            channel.configureBlocking(false);
            selector = Selector.open();
            if (!channel.connect(UnixDomainSocketAddress.of(socket))) {
                SelectionKey connecting = channel.register(selector, SelectionKey.OP_CONNECT);
                while (!channel.finishConnect()) {
                    long left = deadline - ticker.nanos();
                    if (left <= 0) {
                        throw new TimeoutException();
                    }
                    if (Thread.currentThread().isInterrupted()) {
                        throw new InterruptedIOException("interrupted");
                    }
                    selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left + 999_999)));
                    selector.selectedKeys().clear();
                }
                connecting.cancel();
                selector.selectNow();
            }
            OfConnection connection = new OfConnection(channel, selector, ticker);
            connection.hello(deadline);
            return connection;
        } catch (IOException | TimeoutException | RuntimeException e) {
            channel.close();
            if (selector != null) {
                selector.close();
            }
            throw e;
        }
    }

    private void hello(long deadline) throws IOException, TimeoutException {
        ByteBuffer out = ByteBuffer.allocate(16);
        Of14Encoder.hello(out, xid());
        String[] refused = new String[1];
        exchange(Outgoing.of(out.flip()), m -> {
            if (m.type() == Of14.ERROR) {
                refused[0] = m.errorName();
                return true;
            }
            if (m.type() == Of14.HELLO) {
                if (!offers14(m)) {
                    refused[0] = "hello of version 0x" + Integer.toHexString(m.version()) + " without OpenFlow 1.4";
                }
                return true;
            }
            return false;
        }, deadline);
        if (refused[0] != null) {
            throw new OpenFlowVersionException(refused[0]);
        }
    }

    /** OpenFlow 1.4 is offered when the hello's version bitmap has bit 5, or without one, when its version is at least 1.4. */
    private static boolean offers14(OfMessage hello) {
        ByteBuffer b = hello.body().duplicate();
        while (b.remaining() >= 4) {
            int type = b.getShort() & 0xffff;
            int length = b.getShort() & 0xffff;
            if (length < 4 || length - 4 > b.remaining()) {
                break;
            }
            if (type == Of14.HELLO_ELEM_VERSIONBITMAP && length >= 8) {
                return (b.getInt(b.position()) & Of14.VERSION_BIT) != 0;
            }
            b.position(Math.min(b.limit(), b.position() - 4 + ((length + 7) & ~7)));
        }
        return hello.version() >= Of14.VERSION;
    }

    /** A new transaction id. */
    int xid() {
        return nextXid++;
    }

    /** {@code count} consecutive transaction ids; the first is returned. */
    int xids(int count) {
        int first = nextXid;
        nextXid += count;
        return first;
    }

    /**
     * Writes all that {@code out} yields and hands every message that arrives to {@code handler}
     * (echo requests are answered here) until the handler has returned true and {@code out} is
     * written.
     *
     * @throws EOFException     when the switch closed the connection
     * @throws TimeoutException when {@code deadline} (ticker nanos) passed first
     */
    void exchange(Outgoing out, Predicate<OfMessage> handler, long deadline) throws IOException, TimeoutException {
        boolean done = false;
        boolean more = true;
        outBuffer.clear().flip();
        while (true) {
            if (!outBuffer.hasRemaining() && more) {
                outBuffer.clear();
                more = out.fill(outBuffer);
                outBuffer.flip();
            }
            boolean pending = outBuffer.hasRemaining() || more;
            writeSome(pending);
            int read = channel.read(in);
            if (read < 0) {
                throw new EOFException("the switch closed the connection");
            }
            if (read > 0) {
                done |= dispatch(handler);
            }
            pending = outBuffer.hasRemaining() || more;
            if (done && !pending && replies.isEmpty()) {
                return;
            }
            if (!outBuffer.hasRemaining() && more) {
                continue;
            }
            long left = deadline - ticker.nanos();
            if (left <= 0) {
                throw new TimeoutException();
            }
            if (Thread.currentThread().isInterrupted()) {
                // select() returns at once for an interrupted thread: without this, a spin to the deadline.
                throw new InterruptedIOException("interrupted");
            }
            key.interestOps(SelectionKey.OP_READ | (pending || !replies.isEmpty() ? SelectionKey.OP_WRITE : 0));
            selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left + 999_999)));
            selector.selectedKeys().clear();
        }
    }

    /** What {@link #exchange} sends, produced a buffer at a time so that a bundle of 65,538 flow mods needs no 9 MB buffer. */
    interface Outgoing {
        /** Puts whole messages into {@code buffer} (256 KiB, in write mode); false when nothing is left after these. */
        boolean fill(ByteBuffer buffer);

        /** One message or a few, already encoded. */
        static Outgoing of(ByteBuffer bytes) {
            return buffer -> {
                int room = Math.min(buffer.remaining(), bytes.remaining());
                buffer.put(bytes.slice(bytes.position(), room));
                bytes.position(bytes.position() + room);
                return bytes.hasRemaining();
            };
        }
    }

    /**
     * Answers what the switch sent while the connection was idle (echo requests) and says whether
     * it is still open: a restarted switch shows as end of stream here, before a call is made on it.
     */
    boolean stillOpen() {
        try {
            int read = channel.read(in);
            if (read < 0) {
                return false;
            }
            dispatch(m -> false);
            writeSome(false);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private void writeSome(boolean ownPending) throws IOException {
        // Our own messages first, whole: an echo reply must not land inside one of them.
        if (outBuffer.hasRemaining()) {
            channel.write(outBuffer);
        }
        if (ownPending) {
            return;
        }
        while (!replies.isEmpty()) {
            channel.write(replies.peek());
            if (replies.peek().hasRemaining()) {
                return;
            }
            replies.poll();
        }
    }

    private boolean dispatch(Predicate<OfMessage> handler) throws IOException {
        boolean done = false;
        in.flip();
        while (in.remaining() >= Of14.HEADER) {
            int start = in.position();
            int version = in.get(start) & 0xff;
            int type = in.get(start + 1) & 0xff;
            int length = in.getShort(start + 2) & 0xffff;
            int xid = in.getInt(start + 4);
            if (length < Of14.HEADER) {
                throw new IOException("message of length " + length + " (expected: >= 8): not OpenFlow");
            }
            if (in.remaining() < length) {
                break;
            }
            ByteBuffer body = ByteBuffer.allocate(length - Of14.HEADER);
            body.put(in.slice(start + Of14.HEADER, length - Of14.HEADER)).flip();
            in.position(start + length);
            OfMessage message = new OfMessage(version, type, xid, body);
            if (type == Of14.ECHO_REQUEST) {
                ByteBuffer reply = ByteBuffer.allocate(Of14.HEADER + body.remaining());
                Of14Encoder.echoReply(reply, xid, body);
                replies.add(reply.flip());
            } else {
                done |= handler.test(message);
            }
        }
        in.compact();
        return done;
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // Nothing left to do with a connection that fails to close.
        }
        try {
            selector.close();
        } catch (IOException e) {
            // Same.
        }
    }
}
