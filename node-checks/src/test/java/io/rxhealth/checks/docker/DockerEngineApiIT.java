package io.rxhealth.checks.docker;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okForContentType;
import static com.github.tomakehurst.wiremock.client.WireMock.stubFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.client.WireMock.verify;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.junit5.WireMockRuntimeInfo;
import com.github.tomakehurst.wiremock.junit5.WireMockTest;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.FakeTicker;
import io.rxhealth.weighting.Level;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The docker-java adapter and the checks against Docker Engine API answers served by WireMock
 * over {@code tcp://127.0.0.1:PORT} (WireMock cannot listen on a unix socket). Fixtures hold only
 * the fields the adapter reads.
 */
@WireMockTest
class DockerEngineApiIT {
    // docker-java may or may not prefix the API version, e.g. /v1.41/containers/rx-app/json.
    private static final String PING = "(/v[0-9.]+)?/_ping";
    private static final String INSPECT = "(/v[0-9.]+)?/containers/rx-app/json";
    private static final Duration RESPONSE_TIMEOUT = Duration.ofMillis(500);

    private final FakeTicker ticker = new FakeTicker();
    private DockerChecks checks;

    @BeforeEach
    void connect(WireMockRuntimeInfo wm) {
        checks = checksFor("tcp://127.0.0.1:" + wm.getHttpPort());
    }

    @AfterEach
    void close() throws IOException {
        checks.close();
    }

    @Test
    void daemonIsOkWhenPingAnswersOk() throws Exception {
        stubFor(get(urlPathMatching(PING)).willReturn(okForContentType("text/plain", "OK")));
        assertThat(checks.daemon().run().level()).isEqualTo(Level.OK);
        verify(getRequestedFor(urlPathMatching(PING)));
    }

    @Test
    void daemonIsCritWhenPingAnswers500() throws Exception {
        stubFor(get(urlPathMatching(PING)).willReturn(aResponse().withStatus(500)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"message\": \"daemon is shutting down\"}")));
        var result = checks.daemon().run();
        assertThat(result.level()).isEqualTo(Level.CRIT);
        assertThat(result.detail()).startsWith("docker daemon unavailable: tcp://127.0.0.1:")
                .endsWith(": GET /_ping: HTTP 500: daemon is shutting down");
    }

    @Test
    void daemonIsCritWhenSomethingElseAnswersOnThePort() throws Exception {
        stubFor(get(urlPathMatching(PING)).willReturn(aResponse().withStatus(404)
                .withBody("page not found")));
        var result = checks.daemon().run();
        assertThat(result.level()).isEqualTo(Level.CRIT);
        assertThat(result.detail()).endsWith(": GET /_ping: HTTP 404: page not found");
    }

    @Test
    void daemonIsCritWhenTheConnectionIsRefused() throws Exception {
        try (var refused = checksFor("tcp://127.0.0.1:" + closedPort())) {
            var result = refused.daemon().run();
            assertThat(result.level()).isEqualTo(Level.CRIT);
            assertThat(result.detail()).contains("GET /_ping").containsIgnoringCase("refused");
        }
    }

    @Test
    void daemonIsCritWhenTheConnectionIsReset() throws Exception {
        stubFor(get(urlPathMatching(PING))
                .willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
        var result = checks.daemon().run();
        assertThat(result.level()).isEqualTo(Level.CRIT);
        assertThat(result.detail()).contains("GET /_ping: ");
    }

    @Test
    void daemonIsCritWhenPingIsSlowerThanTheResponseTimeout() throws Exception {
        stubFor(get(urlPathMatching(PING))
                .willReturn(okForContentType("text/plain", "OK").withFixedDelay(2_000)));
        var result = checks.daemon().run();
        assertThat(result.level()).isEqualTo(Level.CRIT);
        assertThat(result.detail()).containsIgnoringCase("timed out");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # fixture             | level | detail
        running.json          | OK    | container rx-app running since 2026-11-30T09:15:02Z
        running-podman.json   | OK    | container rx-app running since 2026-11-30T09:15:02Z
        healthy.json          | OK    | container rx-app running, healthy since 2026-11-30T09:15:02Z
        starting.json         | WARN  | container rx-app running, health check starting
        unhealthy.json        | CRIT  | container rx-app unhealthy
        restarting.json       | CRIT  | container rx-app restarting (last exit code 1, 7 restarts)
        exited.json           | CRIT  | container rx-app exited (code 137)
        paused.json           | CRIT  | container rx-app paused
        """)
    void judgesTheInspectedContainer(String fixture, Level level, String detail) throws Exception {
        inspectAnswers(fixture(fixture));
        assertThat(checks.containers().get(0).run())
                .isEqualTo(new CheckResult("container:rx-app", level, detail));
        verify(getRequestedFor(urlPathMatching(INSPECT)));
    }

    @Test
    void containerIsCritWhenTheEngineAnswers404() throws Exception {
        stubFor(get(urlPathMatching(INSPECT)).willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json")
                .withBody(fixture("not-found.json"))));
        assertThat(checks.containers().get(0).run())
                .isEqualTo(CheckResult.crit("container:rx-app", "container 'rx-app' not found"));
    }

    @Test
    void containerWarnsWhenTheRestartCountRisesWithinTheWindow() throws Exception {
        var check = checks.containers().get(0);
        inspectAnswers(withRestartCount(0));
        assertThat(check.run().level()).isEqualTo(Level.OK);
        ticker.advance(Duration.ofMinutes(3));
        inspectAnswers(withRestartCount(2));
        assertThat(check.run().level()).as("2 restarts: within the limit").isEqualTo(Level.OK);
        ticker.advance(Duration.ofMinutes(3));
        inspectAnswers(withRestartCount(5));
        assertThat(check.run()).isEqualTo(CheckResult.warn("container:rx-app",
                "container rx-app restarted 5 times within 10m (more than 2)"));
        ticker.advance(Duration.ofMinutes(11));
        assertThat(check.run().level()).as("no restart for longer than the window")
                .isEqualTo(Level.OK);
    }

    @Test
    void containerCheckThrowsWhenTheEngineAnswers500() {
        stubFor(get(urlPathMatching(INSPECT)).willReturn(aResponse().withStatus(500)
                .withBody("{\"message\": \"boltdb locked\"}")));
        assertThatThrownBy(() -> checks.containers().get(0).run())
                .isInstanceOf(IOException.class)
                .hasMessageContaining("GET /containers/rx-app/json: HTTP 500")
                .hasMessageContaining("boltdb locked");
    }

    @Test
    void containerCheckThrowsWhenTheDaemonIsUnreachable() throws IOException {
        try (var refused = checksFor("tcp://127.0.0.1:" + closedPort())) {
            assertThatThrownBy(() -> refused.containers().get(0).run())
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("GET /containers/rx-app/json: ");
        }
    }

    private DockerChecks checksFor(String host) {
        return DockerChecks.create(new DockerCheckConfig(host, Duration.ofMillis(500),
                RESPONSE_TIMEOUT, List.of("rx-app"), 2, Duration.ofMinutes(10)), ticker);
    }

    private static void inspectAnswers(String json) {
        stubFor(get(urlPathMatching(INSPECT)).willReturn(okForContentType("application/json", json)));
    }

    private static String withRestartCount(int count) {
        var json = fixture("running.json");
        assertThat(json).contains("\"RestartCount\": 0,");
        return json.replace("\"RestartCount\": 0,", "\"RestartCount\": " + count + ",");
    }

    private static String fixture(String name) {
        try (var in = DockerEngineApiIT.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("fixture: " + name + " (expected: a file in "
                        + "src/test/resources/io/rxhealth/checks/docker)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A loopback port nobody listens on: bound, then released. */
    private static int closedPort() throws IOException {
        try (var socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
