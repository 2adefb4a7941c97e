package io.rxhealth.ovs.api;

import static java.util.Objects.requireNonNull;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.rxhealth.ovs.openflow.OpenFlowException;
import io.rxhealth.ovs.pool.DrainEffect;
import io.rxhealth.ovs.threads.BackgroundExecutors;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's HTTP API on loopback: {@code GET /status}, {@code GET /slots}, {@code GET /metrics},
 * {@code POST /drain?member=[&force=true]} (refused with 409 when it would empty a pool's table,
 * unless forced), {@code POST /enable?member=}, {@code POST /reapply}, and the
 * read-only views of the data plane: {@code GET /neigh} (JSON), {@code GET /flows[?table=N]},
 * {@code GET /trace?in_port=P&flow=F}, {@code GET /fdb}, {@code GET /conns} (text as the Open
 * vSwitch tools print it).
 *
 * <p>The JDK's {@code com.sun.net.httpserver}: a handful of operator requests on 127.0.0.1 need
 * no framework, and ovs-sink carries no HTTP library. Changes are POST only (GET answers 405):
 * a GET that drains a member would be one link preview or crawler away from an outage.
 */
public final class ApiServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ApiServer.class);

    private final HttpServer server;
    private final ExecutorService executor;
    private final NodeOperations node;
    private final Json json = new Json();

    public ApiServer(InetSocketAddress listen, NodeOperations node) throws IOException {
        this.node = requireNonNull(node, "node");
        this.server = HttpServer.create(listen, 16);
        this.executor = Executors.newFixedThreadPool(2, BackgroundExecutors.threads("rx-api"));
        server.setExecutor(executor);
        server.createContext("/", this::handle);
    }

    public void start() {
        server.start();
    }

    public InetSocketAddress address() {
        return server.getAddress();
    }

    private void handle(HttpExchange ex) {
        try {
            String path = ex.getRequestURI().getPath();
            String method = ex.getRequestMethod();
            switch (path) {
                case "/status" -> get(ex, method, () -> send(ex, 200, json.status(node.report(), node.switchReport())));
                case "/slots" -> get(ex, method, () -> send(ex, 200, json.slots(node.slotReport())));
                case "/metrics" -> get(ex, method, () -> send(ex, 200, "text/plain; version=0.0.4; charset=utf-8",
                        node.scrape()));
                case "/drain" -> post(ex, method, () -> operatorDrain(ex, true));
                case "/enable" -> post(ex, method, () -> operatorDrain(ex, false));
                case "/reapply" -> post(ex, method, () -> {
                    boolean ok = node.reapply();
                    send(ex, ok ? 200 : 502, json.object(Map.of("reapplied", ok)));
                });
                case "/fleet" -> get(ex, method, () -> {
                    var fleet = node.fleet();
                    if (fleet.isEmpty()) {
                        send(ex, 404, json.error("fleet: not configured (this node decides alone)"));
                    } else {
                        send(ex, 200, json.object(Map.of("fleet", fleet.get())));
                    }
                });
                case "/neigh" -> get(ex, method, () -> send(ex, 200, json.object(Map.of("neighbours", node.neighbours()))));
                case "/flows" -> get(ex, method, () -> text(ex, node.flows(table(query(ex).get("table")))));
                case "/trace" -> get(ex, method, () -> text(ex, node.trace(query(ex).get("in_port"),
                        query(ex).getOrDefault("flow", ""))));
                case "/fdb" -> get(ex, method, () -> text(ex, node.fdb()));
                case "/conns" -> get(ex, method, () -> text(ex, node.conntrack()));
                default -> send(ex, 404, json.error("path: " + path + " (expected: /status, /slots, /metrics, /drain,"
                        + " /enable, /reapply, /fleet, /neigh, /flows, /trace, /fdb, /conns)"));
            }
        } catch (IllegalArgumentException e) {
            sendQuietly(ex, 400, json.error(e.getMessage()));
        } catch (UnsupportedOperationException e) {
            sendQuietly(ex, 501, json.error(e.getMessage()));
        } catch (OpenFlowException | IOException e) {
            // An Open vSwitch tool failed (a bridge that is gone, a trace it refuses) or the client
            // left: expected, so one line, no stack trace; the operator sees the tool's own words.
            log.warn("API {} {}: {}", ex.getRequestMethod(), ex.getRequestURI().getPath(), e.getMessage());
            sendQuietly(ex, 502, json.error(e.getMessage()));
        } catch (Exception e) {
            log.error("API {} {} failed", ex.getRequestMethod(), ex.getRequestURI().getPath(), e);
            sendQuietly(ex, 500, json.error(e.toString()));
        } finally {
            ex.close();
        }
    }

    private void operatorDrain(HttpExchange ex, boolean drain) throws IOException {
        String member = query(ex).get("member");
        if (member == null || member.isEmpty()) {
            send(ex, 400, json.error("member: absent (expected: ?member=address:port)"));
            return;
        }
        // Validated against the configuration before it goes anywhere (logs included).
        if (!node.hasMember(member)) {
            send(ex, 404, json.error("member: " + member + " (expected: address:port of a configured member)"));
            return;
        }
        boolean force = flag(query(ex), "force");
        List<DrainEffect> effects = node.drainEffects(member);
        List<String> closing = effects.stream().filter(DrainEffect::failsClose).map(DrainEffect::pool).toList();
        if (drain && !closing.isEmpty() && !force) {
            // Refused before anything changes: the operator asked to drain one member, not to drop a pool's traffic.
            send(ex, 409, json.error("drain of " + member + " would leave pool " + String.join(", ", closing)
                    + " with no member in the table, and its traffic dropped (fail-close); force it with"
                    + " ?force=true (rx-health-lbd drain --force)"));
            return;
        }
        boolean changed = drain ? node.drain(member) : node.enable(member);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("member", member);
        body.put("operatorDrain", drain);
        body.put("changed", changed);
        body.put("pools", effects.stream().map(DrainEffect::pool).toList());
        if (drain) {
            body.put("failClose", closing);
        }
        send(ex, 200, json.object(body));
    }

    private interface Action {
        void run() throws Exception;
    }

    private void get(HttpExchange ex, String method, Action action) throws Exception {
        only("GET", ex, method, action);
    }

    private void post(HttpExchange ex, String method, Action action) throws Exception {
        only("POST", ex, method, action);
    }

    private void only(String allowed, HttpExchange ex, String method, Action action) throws Exception {
        if (!allowed.equals(method)) {
            ex.getResponseHeaders().set("Allow", allowed);
            send(ex, 405, json.error("method: " + method + " (expected: " + allowed + ")"));
            return;
        }
        action.run();
    }

    /** An optional boolean parameter: absent or {@code false} is false, {@code true} (or bare) is true. */
    private static boolean flag(Map<String, String> query, String name) {
        String text = query.get(name);
        if (text == null || text.equals("false")) {
            return false;
        }
        if (text.isEmpty() || text.equals("true")) {
            return true;
        }
        throw new IllegalArgumentException("query: " + name + "='" + text + "' (expected: true or false)");
    }

    private static OptionalInt table(String text) {
        if (text == null || text.isEmpty()) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(Integer.parseInt(text));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("table: '" + text + "' (expected: a table number 0..254)", e);
        }
    }

    private static void text(HttpExchange ex, String body) throws IOException {
        send(ex, 200, "text/plain; charset=utf-8", body);
    }

    private static Map<String, String> query(HttpExchange ex) {
        Map<String, String> params = new LinkedHashMap<>();
        String raw = ex.getRequestURI().getRawQuery();
        if (raw == null) {
            return params;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            try {
                String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                params.putIfAbsent(k, v);
            } catch (IllegalArgumentException e) {
                // URLDecoder's own message names neither the parameter nor what was expected.
                throw new IllegalArgumentException("query: '" + pair + "' (expected: name=value, percent-encoded)", e);
            }
        }
        return params;
    }

    private static void send(HttpExchange ex, int status, String body) throws IOException {
        send(ex, status, "application/json", body);
    }

    private static void send(HttpExchange ex, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", contentType);
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static void sendQuietly(HttpExchange ex, int status, String body) {
        try {
            send(ex, status, body);
        } catch (IOException | RuntimeException e) {
            // Headers may already be out; the client sees a cut response.
            log.debug("could not send the error response: {}", e.toString());
        }
    }

    @Override
    public void close() {
        server.stop(0);
        BackgroundExecutors.stop(executor);
    }
}
