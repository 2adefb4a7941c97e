package io.rxhealth.agent;

import com.fasterxml.jackson.jr.ob.JSON;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * {@code GET /status} (JSON) and {@code GET /metrics} (Prometheus text) on a loopback address.
 * The JDK's own HTTP server is enough for two read-only endpoints scraped every few seconds, and
 * adds no dependency to an agent that must stay small. Both answers are read from snapshots the
 * background loop has already built.
 */
public final class StatusServer implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService executor;

    public StatusServer(InetSocketAddress address, Supplier<AgentStatus> status, Supplier<String> metrics,
                        JSON json) throws IOException {
        server = HttpServer.create(address, 16);
        executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "rx-status-http");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/status", ex -> {
            AgentStatus s = status.get();
            if (s == null) {
                respond(ex, 503, "application/json", "{\"error\":\"first check cycle not finished\"}\n");
            } else {
                respond(ex, 200, "application/json", json.asString(s) + "\n");
            }
        });
        server.createContext("/metrics", ex -> respond(ex, 200, "text/plain; version=0.0.4; charset=utf-8",
                metrics.get()));
        server.createContext("/", ex -> respond(ex, 404, "text/plain", "not found: try /status or /metrics\n"));
        server.start();
    }

    public InetSocketAddress address() {
        return server.getAddress();
    }

    private static void respond(HttpExchange ex, int code, String type, String body) throws IOException {
        try (ex) {
            if (!"GET".equals(ex.getRequestMethod()) && !"HEAD".equals(ex.getRequestMethod())) {
                code = 405;
                body = "method not allowed: use GET\n";
                type = "text/plain";
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().set("Content-Type", type);
            ex.sendResponseHeaders(code, "HEAD".equals(ex.getRequestMethod()) ? -1 : bytes.length);
            if (!"HEAD".equals(ex.getRequestMethod())) {
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(bytes);
                }
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
