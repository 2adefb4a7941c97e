package io.rxhealth.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.agent.config.AgentConfig;
import io.rxhealth.agent.config.ConfigLoader;
import io.rxhealth.weighting.reload.ConfigReload;
import com.sun.net.httpserver.HttpServer;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A running agent reloaded with configs from an injected source: a bad one keeps the running
 * checks, a new one replaces them at once, and a 9505 connection open across the reload is
 * answered (the server and its connections are not touched). A reload alone does not move the
 * verdict: unchanged checks keep their state, and a new check whose first probe times out does
 * not take the node down before {@code fall} failures.
 */
class AgentReloadIT {
    @TempDir
    Path state;
    private AgentApp app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.close();
        }
    }

    private AgentConfig config(String disk) {
        return new ConfigLoader().parse("""
                listen: { address: 127.0.0.1, port: 0, socket: bind }
                status: { address: 127.0.0.1, port: 0 }
                state-dir: %s
                interval: 100ms
                rise: 1
                fall: 1
                hold: 0s
                checks:
                  disk: [ { path: /, warn: %s, crit: 100%%, on-warn: 50%%, on-crit: down } ]
                """.formatted(state, disk), "test");
    }

    @Test
    void aBadConfigKeepsTheRunningChecksAndANewOneTakesEffectWithoutDroppingConnections() throws Exception {
        AtomicReference<java.util.function.Supplier<AgentConfig>> source = new AtomicReference<>(() -> config("99%"));
        app = AgentApp.start(config("99%"), () -> source.get().get());
        assertThat(AgentReplies.fetch(app.server().localAddress())).startsWith("up 100%");

        source.set(() -> new ConfigLoader().parse("interval: nonsense\n", "/etc/rx-health/agent.yaml"));
        assertThat(app.reloadNow()).isEqualTo(ConfigReload.Result.FAILED);
        assertThat(AgentReplies.fetch(app.server().localAddress())).startsWith("up 100%");
        assertThat(app.statusServer().orElseThrow().address()).isNotNull();

        source.set(() -> config("99%"));
        assertThat(app.reloadNow()).isEqualTo(ConfigReload.Result.UNCHANGED);

        try (Socket open = new Socket(app.server().localAddress().getAddress(), app.server().localAddress().getPort())) {
            // warn at 1%: the disk warns, the verdict halves; hold is 0 and rise/fall 1.
            source.set(() -> config("1%"));
            assertThat(app.reloadNow()).isEqualTo(ConfigReload.Result.APPLIED);
            InputStream in = open.getInputStream();
            String reply = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            assertThat(reply).isNotEmpty();
        }
        assertThat(AgentReplies.fetch(app.server().localAddress())).startsWith("up 50%");
    }

    /**
     * The interval is an hour: the start and each reload run exactly one cycle, so the test counts
     * cycles. {@code fall: 2}; the new check's endpoint accepts connections and never answers.
     */
    @Test
    void aReloadKeepsUnchangedChecksAndANewCheckTimingOutDoesNotTakeTheNodeDown() throws Exception {
        HttpServer app200 = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        app200.createContext("/health", ex -> {
            ex.sendResponseHeaders(200, -1);
            ex.close();
        });
        app200.start();
        try (ServerSocket silent = new ServerSocket(0, 16, InetAddress.getLoopbackAddress())) {
            String kept = "- { name: app, url: 'http://127.0.0.1:%d/health', timeout: 2s }"
                    .formatted(app200.getAddress().getPort());
            String added = "- { name: silent, url: 'http://127.0.0.1:%d/health', timeout: 200ms }"
                    .formatted(silent.getLocalPort());
            AtomicReference<AgentConfig> source = new AtomicReference<>(withHttp("99%", kept));
            app = AgentApp.start(source.get(), source::get);
            assertThat(AgentReplies.fetch(app.server().localAddress())).isEqualTo("up 100%\n");
            assertThat(metric("rxhealth_http_latency_seconds_count{check=\"app\"}")).isEqualTo("1");

            source.set(withHttp("99%", kept, added));
            assertThat(app.reloadNow()).isEqualTo(ConfigReload.Result.APPLIED);
            assertThat(app.status().checks().stream().filter(c -> c.name().equals("silent")).findFirst()
                    .orElseThrow().level()).isEqualTo("UNKNOWN");
            assertThat(AgentReplies.fetch(app.server().localAddress())).isEqualTo("up 100%\n");
            // The kept endpoint's counts go on from the start's probe instead of starting again.
            assertThat(metric("rxhealth_http_latency_seconds_count{check=\"app\"}")).isEqualTo("2");

            // Another reload (the disk's warn changed): the new check's pending failure was carried
            // over it too, and its second failure in a row takes the node down.
            source.set(withHttp("98%", kept, added));
            assertThat(app.reloadNow()).isEqualTo(ConfigReload.Result.APPLIED);
            assertThat(AgentReplies.fetch(app.server().localAddress())).startsWith("down # silent unknown: ");
        } finally {
            app200.stop(0);
        }
    }

    private AgentConfig withHttp(String diskWarn, String... http) {
        return new ConfigLoader().parse("""
                listen: { address: 127.0.0.1, port: 0, socket: bind }
                status: { address: 127.0.0.1, port: 0 }
                state-dir: %s
                interval: 1h
                rise: 2
                fall: 2
                hold: 0s
                checks:
                  disk: [ { path: /, warn: %s, crit: 100%%, on-warn: 50%%, on-crit: down } ]
                  http:
                    %s
                """.formatted(state, diskWarn, String.join("\n    ", http)), "test");
    }

    private String metric(String series) throws Exception {
        InetSocketAddress status = app.statusServer().orElseThrow().address();
        String page = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + status.getPort() + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        return page.lines().filter(l -> l.startsWith(series + " ")).map(l -> l.substring(series.length() + 1))
                .findFirst().orElseThrow(() -> new AssertionError(series + " not on /metrics:\n" + page));
    }
}
