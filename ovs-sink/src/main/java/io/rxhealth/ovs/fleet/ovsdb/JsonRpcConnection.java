package io.rxhealth.ovs.fleet.ovsdb;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One JSON-RPC 1.0 session with an OVSDB server (RFC 7047 section 4): requests matched to replies
 * by id, the server's {@code echo} answered, its notifications ({@code update}, {@code update2})
 * handed to {@code notifications}. A reader thread parses the stream; RFC 7047 messages carry no
 * framing, so the stream is read as a sequence of concatenated JSON values. When the stream ends
 * or breaks, every pending request fails and {@code onClose} runs once.
 */
final class JsonRpcConnection implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(JsonRpcConnection.class);

    private final OvsdbRemote remote;
    private final SocketChannel channel;
    private final ObjectMapper json;
    private final BiConsumer<String, JsonNode> notifications;
    private final Runnable onClose;
    private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final Thread reader;
    private volatile boolean closed;

    JsonRpcConnection(OvsdbRemote remote, ObjectMapper json, BiConsumer<String, JsonNode> notifications,
                      Runnable onClose) throws IOException {
        this.remote = requireNonNull(remote, "remote");
        this.json = requireNonNull(json, "json");
        this.notifications = requireNonNull(notifications, "notifications");
        this.onClose = requireNonNull(onClose, "onClose");
        this.channel = remote.open();
        this.reader = new Thread(this::readLoop, "ovsdb-" + remote);
        reader.setDaemon(true);
        reader.start();
    }

    OvsdbRemote remote() {
        return remote;
    }

    /** Sends a request; the future completes with its {@code result}, or fails with its {@code error}. */
    CompletableFuture<JsonNode> call(String method, ArrayNode params) {
        return call(method, params, result -> { });
    }

    /**
     * As {@link #call(String, ArrayNode)}, with {@code onResult} run on the reader thread before any
     * later message is read: a monitor's initial rows are then in place before its first update.
     */
    CompletableFuture<JsonNode> call(String method, ArrayNode params, Consumer<JsonNode> onResult) {
        long id = ids.incrementAndGet();
        var future = new CompletableFuture<JsonNode>();
        // Registered before the request is sent, so it runs on the completing (reader) thread.
        var handled = future.thenApply(result -> {
            onResult.accept(result);
            return result;
        });
        pending.put(id, future);
        ObjectNode request = json.createObjectNode().put("method", method).put("id", id);
        request.set("params", params);
        try {
            send(request);
        } catch (IOException e) {
            pending.remove(id);
            future.completeExceptionally(new OvsdbException(remote + ": " + method + ": " + e.getMessage(), e));
        }
        if (closed) {
            fail(new OvsdbException(remote + ": connection closed"));
        }
        return handled;
    }

    private void send(JsonNode message) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(json.writeValueAsBytes(message));
        synchronized (channel) {
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
        }
    }

    private void readLoop() {
        try (InputStream in = Channels.newInputStream(channel);
             MappingIterator<JsonNode> messages = json.readerFor(JsonNode.class).readValues(in)) {
            while (messages.hasNextValue()) {
                dispatch(messages.nextValue());
            }
        } catch (IOException | RuntimeException e) {
            if (!closed) {
                LOG.info("ovsdb {}: connection lost: {}", remote, e.getMessage());
            }
        } finally {
            closed = true;
            closeChannel();
            fail(new OvsdbException(remote + ": connection closed"));
            onClose.run();
        }
    }

    private void dispatch(JsonNode message) throws IOException {
        JsonNode method = message.get("method");
        if (method != null && method.isTextual()) {
            if (method.asText().equals("echo")) {
                // RFC 7047 4.1.11: the reply carries the request's params back as its result.
                ObjectNode reply = json.createObjectNode();
                reply.set("result", message.get("params"));
                reply.putNull("error");
                reply.set("id", message.get("id"));
                send(reply);
            } else {
                notifications.accept(method.asText(), message.get("params"));
            }
            return;
        }
        JsonNode id = message.get("id");
        if (id == null || !id.canConvertToLong()) {
            LOG.debug("ovsdb {}: reply without a known id: {}", remote, message);
            return;
        }
        CompletableFuture<JsonNode> future = pending.remove(id.asLong());
        if (future == null) {
            return;
        }
        JsonNode error = message.get("error");
        if (error != null && !error.isNull()) {
            future.completeExceptionally(new OvsdbException(remote + ": " + error));
        } else {
            future.complete(message.get("result"));
        }
    }

    private void fail(OvsdbException cause) {
        for (Long id : pending.keySet()) {
            CompletableFuture<JsonNode> future = pending.remove(id);
            if (future != null) {
                future.completeExceptionally(cause);
            }
        }
    }

    boolean isOpen() {
        return !closed;
    }

    private void closeChannel() {
        try {
            channel.close();
        } catch (IOException e) {
            LOG.debug("ovsdb {}: close: {}", remote, e.getMessage());
        }
    }

    @Override
    public void close() {
        closed = true;
        closeChannel();
    }
}
