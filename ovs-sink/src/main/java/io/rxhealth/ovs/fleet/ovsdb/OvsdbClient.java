package io.rxhealth.ovs.fleet.ovsdb;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An RFC 7047 client of one database served by an OVSDB cluster: it stays connected to one member
 * that is in contact with the cluster majority (the {@code _Server} database's {@code connected}
 * column), moves to the next member when that one goes away or loses the majority, and keeps a
 * {@link Replica} of the monitored tables (reset on every reconnect). Writes may go to any member:
 * a follower forwards them to the Raft leader.
 *
 * <p>The {@link Listener} runs on the connection's reader thread: it must not wait for a reply
 * ({@link #transact}) there, or the reply can never be read.
 */
public final class OvsdbClient implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(OvsdbClient.class);
    private static final String SERVER_DB = "_Server";

    /** What the client tells its owner. */
    public interface Listener {
        /** Connected to {@code remote}; the replica holds the full monitored state. */
        default void connected(OvsdbRemote remote) {
        }

        /** Lost the connection, or the member lost the cluster majority; no member is in use now. */
        default void disconnected(OvsdbRemote remote, String why) {
        }

        /** The replica changed. */
        default void updated() {
        }
    }

    private final List<OvsdbRemote> remotes;
    private final String database;
    private final ObjectNode monitorRequests;
    private final ObjectMapper json;
    private final Listener listener;
    private final Duration requestTimeout;
    private final Duration retryDelay;
    private final Replica replica = new Replica();
    private final Object lock = new Object();
    private final Thread connector;
    private JsonRpcConnection connection;
    /** The replica holds the monitor's initial rows of {@link #connection}: only then is the client connected. */
    private boolean synced;
    private volatile boolean running = true;
    private int next;

    /**
     * @param monitorRequests RFC 7047 {@code <monitor-requests>} for {@code database}
     * @param retryDelay      how long to wait after every member was tried in vain
     */
    public OvsdbClient(List<OvsdbRemote> remotes, String database, ObjectNode monitorRequests, ObjectMapper json,
                       Listener listener, Duration requestTimeout, Duration retryDelay) {
        if (remotes.isEmpty()) {
            throw new IllegalArgumentException("remotes: [] (expected: at least one cluster member)");
        }
        this.remotes = List.copyOf(remotes);
        this.database = requireNonNull(database, "database");
        this.monitorRequests = requireNonNull(monitorRequests, "monitorRequests");
        this.json = requireNonNull(json, "json");
        this.listener = requireNonNull(listener, "listener");
        this.requestTimeout = requireNonNull(requestTimeout, "requestTimeout");
        this.retryDelay = requireNonNull(retryDelay, "retryDelay");
        this.connector = new Thread(this::connectLoop, "ovsdb-connector-" + database);
        connector.setDaemon(true);
    }

    public void start() {
        connector.start();
    }

    public Replica replica() {
        return replica;
    }

    /** The member in use, if any. */
    public Optional<OvsdbRemote> remote() {
        synchronized (lock) {
            return connection == null ? Optional.empty() : Optional.of(connection.remote());
        }
    }

    /**
     * True while a member in contact with the majority is in use and the replica holds its rows: a
     * reader never sees the empty replica of a connection whose monitor has not answered yet.
     */
    public boolean isConnected() {
        synchronized (lock) {
            return connection != null && synced;
        }
    }

    /**
     * Runs {@code operations} as one transaction on the database; returns the results. Throws
     * {@link OvsdbTransactionException} when an operation or the commit failed.
     */
    public ArrayNode transact(ArrayNode operations) throws OvsdbException {
        ArrayNode params = json.createArrayNode().add(database);
        operations.forEach(params::add);
        JsonNode result = request("transact", params);
        if (!result.isArray()) {
            throw new OvsdbException("transact: result " + result + " (expected: an array)");
        }
        for (int i = 0; i < result.size(); i++) {
            JsonNode r = result.get(i);
            if (r != null && r.has("error") && !r.get("error").isNull()) {
                throw new OvsdbTransactionException(i, r.get("error").asText(),
                        r.path("details").asText(""));
            }
        }
        return (ArrayNode) result;
    }

    /** RFC 7047 4.1.11: a round trip that proves the member answers. */
    public void echo() throws OvsdbException {
        request("echo", json.createArrayNode().add("rxh"));
    }

    private JsonNode request(String method, ArrayNode params) throws OvsdbException {
        JsonRpcConnection c;
        synchronized (lock) {
            c = connection;
        }
        if (c == null) {
            throw new OvsdbException(method + ": not connected to a cluster member in contact with the majority");
        }
        return await(c, method, params);
    }

    private JsonNode await(JsonRpcConnection c, String method, ArrayNode params) throws OvsdbException {
        return await(c, method, params, result -> { });
    }

    private JsonNode await(JsonRpcConnection c, String method, ArrayNode params, Consumer<JsonNode> onResult)
            throws OvsdbException {
        try {
            return c.call(method, params, onResult).get(requestTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof OvsdbException o) {
                throw o;
            }
            throw new OvsdbException(c.remote() + ": " + method + ": " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            // A member that does not answer in time is as good as gone: move on to the next one.
            drop(c, method + " timed out after " + requestTimeout.toMillis() + " ms");
            throw new OvsdbException(c.remote() + ": " + method + ": no reply within " + requestTimeout.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OvsdbException(method + ": interrupted", e);
        }
    }

    private void connectLoop() {
        while (running) {
            JsonRpcConnection current;
            synchronized (lock) {
                current = connection;
            }
            if (current == null) {
                if (!connectToSomeMember()) {
                    pause(retryDelay);
                }
            } else {
                synchronized (lock) {
                    while (running && connection == current) {
                        try {
                            lock.wait();
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }
            }
        }
    }

    private boolean connectToSomeMember() {
        for (int tried = 0; tried < remotes.size() && running; tried++) {
            OvsdbRemote remote = remotes.get(next);
            next = (next + 1) % remotes.size();
            JsonRpcConnection[] self = new JsonRpcConnection[1];
            try {
                self[0] = new JsonRpcConnection(remote, json, (method, params) -> onNotification(self[0], method, params),
                        () -> drop(self[0], "connection closed"));
                if (!start(self[0])) {
                    self[0].close();
                    continue;
                }
                return true;
            } catch (IOException | OvsdbException e) {
                LOG.info("ovsdb {}: cannot use: {}", remote, e.getMessage());
                if (self[0] != null) {
                    drop(self[0], e.getMessage());
                }
            }
        }
        return false;
    }

    /** Checks the member is in contact with the cluster, then monitors; false when it is not. */
    private boolean start(JsonRpcConnection c) throws OvsdbException {
        ObjectNode serverRequests = json.createObjectNode();
        serverRequests.putObject("Database").putArray("columns").add("name").add("model").add("connected")
                .add("leader");
        JsonNode server = await(c, "monitor", json.createArrayNode().add(SERVER_DB).add("server").add(serverRequests));
        if (!inContact(server)) {
            LOG.info("ovsdb {}: not in contact with the cluster majority; trying the next member", c.remote());
            return false;
        }
        synchronized (lock) {
            if (!c.isOpen()) {
                return false;
            }
            connection = c;
            synced = false;
            replica.clear();
        }
        await(c, "monitor", json.createArrayNode().add(database).add("db").add(monitorRequests), replica::apply);
        synchronized (lock) {
            if (connection != c) {
                return false;
            }
            synced = true;
        }
        LOG.info("ovsdb {}: connected to {}", c.remote(), database);
        listener.connected(c.remote());
        listener.updated();
        return true;
    }

    /** The member serves {@code database} and, if clustered, is connected to the majority. */
    private boolean inContact(JsonNode serverUpdates) {
        JsonNode rows = serverUpdates.path("Database");
        for (JsonNode update : rows) {
            JsonNode row = update.path("new");
            if (database.equals(row.path("name").asText())) {
                return row.path("connected").asBoolean(false);
            }
        }
        return false;
    }

    private void onNotification(JsonRpcConnection c, String method, JsonNode params) {
        if (!"update".equals(method) || params == null || params.size() < 2) {
            return;
        }
        String id = params.get(0).asText();
        if ("server".equals(id)) {
            for (JsonNode update : params.get(1).path("Database")) {
                JsonNode row = update.path("new");
                if (database.equals(row.path("name").asText()) && !row.path("connected").asBoolean(true)) {
                    drop(c, "the member lost contact with the cluster majority");
                }
            }
        } else if ("db".equals(id)) {
            synchronized (lock) {
                if (connection != c) {
                    return;
                }
            }
            replica.apply(params.get(1));
            listener.updated();
        }
    }

    private void drop(JsonRpcConnection c, String why) {
        boolean was;
        synchronized (lock) {
            was = connection == c && c != null;
            if (was) {
                connection = null;
                lock.notifyAll();
            }
        }
        if (c != null) {
            c.close();
        }
        if (was) {
            LOG.warn("ovsdb {}: {}; looking for another cluster member", c.remote(), why);
            listener.disconnected(c.remote(), why);
        }
    }

    private void pause(Duration delay) {
        synchronized (lock) {
            try {
                lock.wait(Math.max(1, delay.toMillis()));
            } catch (InterruptedException e) {
                running = false;
            }
        }
    }

    @Override
    public void close() {
        running = false;
        JsonRpcConnection c;
        synchronized (lock) {
            c = connection;
            connection = null;
            lock.notifyAll();
        }
        if (c != null) {
            c.close();
        }
        connector.interrupt();
    }
}
