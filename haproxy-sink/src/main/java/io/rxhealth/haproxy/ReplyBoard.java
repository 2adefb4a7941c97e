package io.rxhealth.haproxy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * The one reply line served to every agent-check connection. The application renders the line
 * in the background and {@link #publish publishes} it; each connection sends whatever was
 * published last. Thread-safe: publish from any thread.
 *
 * <p>The line is encoded once per publish into a read-only direct buffer, so a connection only
 * wraps a duplicate of it: no encoding, copying or locking on the connection path.
 */
public final class ReplyBoard {
    private final CompletableFuture<Void> firstPublished = new CompletableFuture<>();
    private volatile Published current;

    /** A board that serves {@code initialLine} until the first {@link #publish}. */
    public ReplyBoard(String initialLine) {
        this.current = encode(initialLine);
        firstPublished.complete(null);
    }

    /**
     * A board with nothing to serve yet: connections wait (within the connection timeout) for the
     * first {@link #publish}. The agent opens its port at once and answers with its first real
     * verdict, instead of either refusing connections or answering something made up meanwhile.
     */
    public ReplyBoard() {
    }

    /**
     * Makes {@code line} the reply for every later connection.
     *
     * @param line printable ASCII, one line ending with {@code \n}, at most 1024 chars
     * @throws IllegalArgumentException if the line is not one such line; the previous reply stays
     */
    public void publish(String line) {
        current = encode(line);
        firstPublished.complete(null);
    }

    /** The line being served, newline included; {@code null} before the first line. */
    public String current() {
        Published p = current;
        return p == null ? null : p.line;
    }

    /** Whether there is a line to serve. */
    boolean hasReply() {
        return current != null;
    }

    /** Runs {@code action} once there is a line to serve (at once if there already is one). */
    void whenPublished(Runnable action) {
        firstPublished.thenRun(action);
    }

    /**
     * A fresh buffer over the current reply's bytes, with its own indices. Releasing it frees
     * nothing: the memory belongs to the board and is reclaimed by the garbage collector.
     */
    ByteBuf encoded() {
        return Unpooled.wrappedBuffer(current.bytes.duplicate());
    }

    private static Published encode(String line) {
        byte[] ascii = ReplyLine.requireValid(line).getBytes(StandardCharsets.US_ASCII);
        // Direct, so Netty's NIO transport writes it without first copying it off-heap.
        ByteBuffer bytes = ByteBuffer.allocateDirect(ascii.length).put(ascii).flip();
        return new Published(line, bytes.asReadOnlyBuffer());
    }

    /** A line and its encoding, swapped together so a reader never sees one without the other. */
    private record Published(String line, ByteBuffer bytes) {
    }
}
