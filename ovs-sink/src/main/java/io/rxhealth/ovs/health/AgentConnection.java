package io.rxhealth.ovs.health;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One agent poll on a non-blocking channel: connect, send the agent-send string, read up to the
 * first line end, close. Driven by the {@link AgentPoller}'s selector thread only.
 */
final class AgentConnection {
    /** HAProxy reads the reply into one buffer of {@code tune.bufsize} (16 KiB by default). */
    static final int MAX_REPLY = 16 * 1024;

    final AgentTarget target;
    final long deadline;
    private final AgentPoller.Listener listener;
    private SocketChannel channel;
    private SelectionKey key;
    private ByteBuffer pendingWrite;
    private byte[] received = new byte[64];
    private int length;
    private boolean done;

    AgentConnection(AgentTarget target, long deadline, AgentPoller.Listener listener) {
        this.target = target;
        this.deadline = deadline;
        this.listener = listener;
    }

    boolean done() {
        return done;
    }

    void open(Selector selector) {
        try {
            channel = SocketChannel.open();
            channel.configureBlocking(false);
            InetAddress source = target.source().resolve();
            if (source != null) {
                channel.bind(new InetSocketAddress(source, 0));
            }
            boolean connected = channel.connect(target.agent());
            key = channel.register(selector, connected ? 0 : SelectionKey.OP_CONNECT, this);
            if (connected) {
                connected();
            }
        } catch (IOException e) {
            fail(AgentFailure.CONNECT, e.toString());
        }
    }

    void onReady(ByteBuffer readBuffer) {
        try {
            if (key.isConnectable()) {
                channel.finishConnect();
                connected();
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
        fail(AgentFailure.TIMEOUT, length == 0 ? "no reply within the timeout"
                : "no line end within the timeout after " + length + " bytes");
    }

    private void connected() throws IOException {
        if (target.send().isEmpty()) {
            key.interestOps(SelectionKey.OP_READ);
            return;
        }
        // agent-send goes out as written, right after connect (agent-check.md, semantics 12).
        pendingWrite = ByteBuffer.wrap(target.send().getBytes(StandardCharsets.ISO_8859_1));
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
                // Latin-1 keeps every byte as one char; keywords are ASCII.
                String line = new String(received, 0, i, StandardCharsets.ISO_8859_1);
                finish();
                listener.onReply(target.key(), line);
                return;
            }
        }
        if (length >= MAX_REPLY) {
            fail(AgentFailure.TOO_LONG, length + " bytes without a line end");
        }
    }

    private void append(ByteBuffer buffer) {
        int n = Math.min(buffer.remaining(), MAX_REPLY - length);
        if (length + n > received.length) {
            received = Arrays.copyOf(received, Math.min(MAX_REPLY, Math.max(length + n, received.length * 2)));
        }
        buffer.get(received, length, n);
        length += n;
    }

    private void fail(AgentFailure failure, String detail) {
        if (done) {
            return;
        }
        finish();
        listener.onFailure(target.key(), failure, detail);
    }

    private void finish() {
        done = true;
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // Closing a socket we are done with: nothing left to report.
            }
        }
    }
}
