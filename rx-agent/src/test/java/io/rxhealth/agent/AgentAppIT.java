package io.rxhealth.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import io.rxhealth.agent.config.ConfigLoader;
import io.rxhealth.agent.json.Json;
import io.rxhealth.agent.state.History;
import io.rxhealth.weighting.Promtool;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole agent in-process on loopback: real OSHI disk reading of this host, the 9505 server, the
 * status server, markers. The root file system is certainly more than 1% full, so a 1% warn
 * threshold degrades the node for real.
 */
class AgentAppIT {
    @TempDir
    Path state;

    private AgentApp app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.close();
        }
    }

    private AgentApp start(String checks) throws Exception {
        String yaml = """
                listen: { address: 127.0.0.1, port: 0, socket: bind }
                status: { address: 127.0.0.1, port: 0 }
                state-dir: %s
                interval: 100ms
                rise: 1
                fall: 1
                hold: 0s
                ready-interval: 1s
                checks:
                %s
                """.formatted(state, checks);
        app = AgentApp.start(new ConfigLoader().parse(yaml, "test"));
        return app;
    }

    @Test
    void servesTheDegradedVerdictAndFollowsTheDrainMarker() throws Exception {
        start("  disk: [ { path: /, warn: 1%, crit: 100%, on-warn: 50%, on-crit: down } ]");
        InetSocketAddress agent = app.server().localAddress();
        assertThat(AgentReplies.fetch(agent)).matches("up 50% # disk:/ warn: disk / [0-9.]+% used.*\n");

        Files.writeString(state.resolve("drain"), "deploy 42\n");
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() ->
                assertThat(AgentReplies.fetch(agent)).startsWith("up drain 50% # drain: deploy 42; disk:/ warn"));

        Files.delete(state.resolve("drain"));
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() ->
                assertThat(AgentReplies.fetch(agent)).startsWith("up ready 50% #"));
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() ->
                assertThat(AgentReplies.fetch(agent)).startsWith("up 50% #"));
        assertThat(Files.readString(state.resolve("state.json"))).contains("\"state\":\"UP\"");
        assertThat(History.read(state.resolve(History.NAME), Json.json())).extracting(History.Transition::to)
                .containsSubsequence("50%", "drain", "50%");
    }

    @Test
    void aCheckThatCannotRunTakesItsCritReactionWithTheReasonNamed() throws Exception {
        start("  disk: [ { path: /nonexistent-rxh, on-crit: down } ]");
        assertThat(AgentReplies.fetch(app.server().localAddress()))
                .matches("down # disk:/nonexistent-rxh unknown: .*nonexistent-rxh.*\n");
    }

    @Test
    void aFailingSoftServiceHalvesTheWeightAndShowsInMetrics() throws Exception {
        WireMockServer rx = new WireMockServer(WireMockConfiguration.options().dynamicPort());
        rx.start();
        try {
            rx.stubFor(WireMock.get("/storage/health").willReturn(WireMock.ok("ok")));
            rx.stubFor(WireMock.get("/preview/health").willReturn(WireMock.serverError()));
            String base = "http://127.0.0.1:" + rx.port();
            start(("  http:\n"
                    + "    - { name: storage, url: \"%1$s/storage/health\", on-crit: down, host: rx.example }\n"
                    + "    - { name: preview, url: \"%1$s/preview/health\", on-warn: 50%%, on-crit: 50%% }\n")
                    .formatted(base));
            assertThat(AgentReplies.fetch(app.server().localAddress()))
                    .isEqualTo("up 50% # preview crit: GET " + base + "/preview/health -> 500 (expected 200)\n");
            rx.verify(WireMock.getRequestedFor(WireMock.urlEqualTo("/storage/health"))
                    .withHeader("Host", WireMock.equalTo("rx.example")));

            rx.stubFor(WireMock.get("/storage/health").willReturn(WireMock.serviceUnavailable()));
            await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(
                    AgentReplies.fetch(app.server().localAddress())).startsWith("down # storage crit: GET "));

            int port = app.statusServer().orElseThrow().address().getPort();
            // /metrics is rendered after each cycle: the page of the cycle that published the reply.
            await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
                String metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                        HttpResponse.BodyHandlers.ofString()).body();
                assertThat(metrics).contains("rxhealth_http_error_ratio{check=\"preview\"} 1.0",
                        "rxhealth_http_latency_seconds{check=\"storage\",quantile=\"0.95\"}",
                        "rxhealth_check_failures_total{check=\"storage\"}", "process_resident_memory_bytes");
            });
            // The whole page as a Prometheus server would scrape it, through Prometheus's own linter.
            Promtool.assertClean(HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString()).body());
        } finally {
            rx.stop();
        }
    }

    @Test
    void statusAndMetricsAreServedOnLoopback() throws Exception {
        start("  disk: [ { path: /, warn: 1%, crit: 100%, on-warn: 75%, on-crit: down } ]");
        InetSocketAddress status = app.statusServer().orElseThrow().address();
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> json = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + status.getPort()
                + "/status")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, json.statusCode());
        assertThat(json.body()).contains("\"verdict\":\"75%\"", "\"reply\":\"up 75% # disk:/ warn");

        AgentReplies.fetch(app.server().localAddress());
        // /metrics is rendered after each cycle (100 ms here): the reply shows from the next one.
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            HttpResponse<String> metrics = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + status.getPort() + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(metrics.body()).contains("rxhealth_verdict_weight_percent 75.0",
                    "rxhealth_check_level{check=\"disk:/\"} 1.0", "rxhealth_verdict_state{state=\"up\"} 1.0",
                    "rxhealth_check_duration_seconds_count{check=\"disk:/\"}");
            assertThat(metrics.body()).containsPattern("rxhealth_agentcheck_replies_total [1-9]");
        });
    }
}
