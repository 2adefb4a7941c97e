package io.rxhealth.checks.http;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.ok;
import static com.github.tomakehurst.wiremock.client.WireMock.stubFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.verify;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.junit5.WireMockRuntimeInfo;
import com.github.tomakehurst.wiremock.junit5.WireMockTest;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Level;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@WireMockTest(httpsEnabled = true)
class HttpEndpointCheckIT {
    private static final String PATH = "/storage/health";
    // Generous: tests other than the timeout tests must not fail on a busy machine.
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");

    private final HttpClients clients = new HttpClients();
    private final SettableClock clock = new SettableClock(T0);

    @BeforeAll
    static void allowHostHeader() {
        HttpClients.allowHostHeader();
    }

    @Test
    void isOkWhenEndpointAnswers200(WireMockRuntimeInfo wm) throws Exception {
        stubFor(get(PATH).willReturn(ok("Healthy")));
        var check = checkOf(spec(wm));

        CheckResult result = check.run();

        assertThat(result.level()).isEqualTo(Level.OK);
        assertThat(result.check()).isEqualTo("storage");
        assertThat(result.detail()).isEqualTo("GET " + url(wm) + " -> 200 in 40 ms");
        EndpointStats stats = check.stats();
        assertThat(stats.samples()).isEqualTo(1);
        assertThat(stats.lastStatus()).hasValue(200);
        assertThat(stats.lastSuccess()).contains(T0);
        assertThat(stats.p95()).contains(Duration.ofMillis(40));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(ints = {500, 503})
    void isCritWhenEndpointAnswersAServerError(int status, WireMockRuntimeInfo wm) throws Exception {
        stubFor(get(PATH).willReturn(aResponse().withStatus(status)));

        CheckResult result = checkOf(spec(wm)).run();

        assertThat(result.level()).isEqualTo(Level.CRIT);
        assertThat(result.detail()).isEqualTo("GET " + url(wm) + " -> " + status + " (expected 200)");
    }

    @Test
    void acceptsA204OnlyWhenItIsExpected(WireMockRuntimeInfo wm) throws Exception {
        stubFor(get(PATH).willReturn(aResponse().withStatus(204)));

        assertThat(checkOf(spec(wm).withExpectedStatus(204)).run().level()).isEqualTo(Level.OK);
        CheckResult strict = checkOf(spec(wm)).run();
        assertThat(strict.level()).isEqualTo(Level.CRIT);
        assertThat(strict.detail()).endsWith("-> 204 (expected 200)");
    }

    @Test
    void isCritWhenTheBodyLacksTheExpectedText(WireMockRuntimeInfo wm) throws Exception {
        stubFor(get(PATH).willReturn(ok("{\"status\":\"Degraded\"}")));

        CheckResult result = checkOf(spec(wm).withBodyContains("Healthy")).run();

        assertThat(result.level()).isEqualTo(Level.CRIT);
        assertThat(result.detail()).isEqualTo("GET " + url(wm) + " -> 200, body lacks 'Healthy'");
    }

    @Test
    void throwsWhenSlowerThanTimeout(WireMockRuntimeInfo wm) {
        stubFor(get(PATH).willReturn(ok().withFixedDelay(5_000)));
        var check = new HttpEndpointCheck(spec(wm).withTimeout(Duration.ofMillis(300)), WindowThresholds.defaults(),
                clients, Ticker.system(), clock);

        // The bound is generous on purpose: this asserts "ends at the timeout, never hangs", not timing.
        var thrown = assertTimeoutPreemptively(Duration.ofSeconds(3),
                () -> assertThrows(HttpTimeoutException.class, check::run));

        assertThat(thrown).hasMessage("GET " + url(wm) + " -> no response within 300 ms");
        assertThat(check.stats().failures()).isEqualTo(1);
        assertThat(check.stats().latencySamples()).as("a timeout is a latency sample").isEqualTo(1);
    }

    @Test
    void throwsWhenTheBodyTricklesPastTheTimeout(WireMockRuntimeInfo wm) {
        // Headers come at once; the request timeout alone would not cover the body.
        stubFor(get(PATH).willReturn(ok("Healthy and then some more text").withChunkedDribbleDelay(10, 5_000)));
        var check = checkOf(spec(wm).withTimeout(Duration.ofMillis(300)).withBodyContains("more"));

        assertTimeoutPreemptively(Duration.ofSeconds(3), () -> assertThrows(HttpTimeoutException.class, check::run));
    }

    @Test
    void throwsWhenTheBodyDripsInChunksFasterThanTheTimeoutButEndsLater(WireMockRuntimeInfo wm) {
        // 50 chunks 100 ms apart: no single read waits 300 ms, the whole body takes 5 s.
        stubFor(get(PATH).willReturn(ok("x".repeat(49) + "!").withChunkedDribbleDelay(50, 5_000)));
        var check = checkOf(spec(wm).withTimeout(Duration.ofMillis(300)).withBodyContains("!"));

        var thrown = assertTimeoutPreemptively(Duration.ofSeconds(3),
                () -> assertThrows(HttpTimeoutException.class, check::run));

        assertThat(thrown).hasMessage("GET " + url(wm) + " -> no response within 300 ms");
        assertThat(check.stats().latencySamples()).as("a timeout is a latency sample").isEqualTo(1);
    }

    @Test
    void throwsWhenTheHeadersDripPastTheTimeout() throws Exception {
        // One byte every 50 ms: no single read waits 300 ms, the status line and headers take 5 s.
        byte[] response = ("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-Padding: " + "p".repeat(40)
                + "\r\nContent-Length: 0\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        try (var server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread dripping = new Thread(() -> dripOneAnswer(server, response, 50), "rxh-dripping-server");
            dripping.setDaemon(true);
            dripping.start();
            String url = "http://127.0.0.1:" + server.getLocalPort() + PATH;
            var check = checkOf(EndpointSpec.of("storage", url, Duration.ofMillis(300)));

            var thrown = assertTimeoutPreemptively(Duration.ofSeconds(3),
                    () -> assertThrows(HttpTimeoutException.class, check::run));

            assertThat(thrown).hasMessage("GET " + url + " -> no response within 300 ms");
        }
    }

    @Test
    void reportsARedirectInsteadOfFollowingIt(WireMockRuntimeInfo wm) throws Exception {
        stubFor(get(PATH).willReturn(aResponse().withStatus(302).withHeader("Location", "/login")));
        stubFor(get("/login").willReturn(ok("Healthy")));

        CheckResult result = checkOf(spec(wm)).run();

        assertThat(result.level()).isEqualTo(Level.CRIT);
        assertThat(result.detail()).isEqualTo("GET " + url(wm) + " -> 302 (expected 200)");
        verify(0, getRequestedFor(urlEqualTo("/login")));
    }

    @Test
    void readsTheBodyOfAnExpectedErrorStatus(WireMockRuntimeInfo wm) throws Exception {
        stubFor(get(PATH).willReturn(aResponse().withStatus(503).withBody("in maintenance")));

        assertThat(checkOf(spec(wm).withExpectedStatus(503).withBodyContains("maintenance")).run().level())
                .isEqualTo(Level.OK);
        assertThat(checkOf(spec(wm).withExpectedStatus(503).withBodyContains("Healthy")).run().detail())
                .isEqualTo("GET " + url(wm) + " -> 503, body lacks 'Healthy'");
    }

    @Test
    void ignoresTheProxyTheJvmWouldUse(WireMockRuntimeInfo wm) throws Exception {
        stubFor(get(PATH).willReturn(ok()));
        int deadPort;
        try (var socket = new ServerSocket(0)) {
            deadPort = socket.getLocalPort();
        }
        ProxySelector before = ProxySelector.getDefault();
        // What -Dhttp.proxyHost or a desktop proxy setting would install: a proxy that refuses.
        ProxySelector.setDefault(ProxySelector.of(new InetSocketAddress("127.0.0.1", deadPort)));
        try {
            assertThat(checkOf(spec(wm)).run().level()).isEqualTo(Level.OK);
        } finally {
            ProxySelector.setDefault(before);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"CONNECTION_RESET_BY_PEER", "EMPTY_RESPONSE", "RANDOM_DATA_THEN_CLOSE"})
    void throwsNamingTheUrlWhenNoResponseArrives(Fault fault, WireMockRuntimeInfo wm) {
        stubFor(get(PATH).willReturn(aResponse().withFault(fault)));
        var check = checkOf(spec(wm));

        assertThatThrownBy(check::run).isInstanceOf(IOException.class)
                .hasMessageStartingWith("GET " + url(wm) + " -> ")
                .hasMessageNotContaining("\n");

        EndpointStats stats = check.stats();
        assertThat(stats.samples()).isEqualTo(1);
        assertThat(stats.failures()).isEqualTo(1);
        assertThat(stats.latencySamples()).isZero();
        assertThat(stats.lastStatus()).isEmpty();
        assertThat(stats.lastSuccess()).isEmpty();
    }

    @Test
    void throwsConnectionRefusedWhenNothingListens() throws Exception {
        int port;
        try (var socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port + PATH;
        var check = checkOf(EndpointSpec.of("storage", url, TIMEOUT));

        assertThatThrownBy(check::run).isInstanceOf(IOException.class)
                .hasMessage("GET " + url + " -> connection refused");
    }

    @Test
    void sendsTheConfiguredHostHeader(WireMockRuntimeInfo wm) throws Exception {
        stubFor(get(PATH).willReturn(ok()));

        assertThat(checkOf(spec(wm).withHost("rx.example.test:8443")).run().level()).isEqualTo(Level.OK);

        verify(1, getRequestedFor(urlEqualTo(PATH)).withHeader("Host", equalTo("rx.example.test:8443")));
    }

    @Test
    void levelIsTheWorstOfProbeAndErrorRate(WireMockRuntimeInfo wm) throws Exception {
        var thresholds = WindowThresholds.defaults().withErrorRate(0.1, 0.2);
        var check = new HttpEndpointCheck(spec(wm), thresholds, clients, new StepTicker(Duration.ofMillis(40)), clock);
        stubFor(get(PATH).willReturn(ok()));
        for (int i = 0; i < 4; i++) {
            assertThat(check.run().level()).isEqualTo(Level.OK);
        }
        clock.set(T0.plusSeconds(10));
        stubFor(get(PATH).willReturn(aResponse().withStatus(503)));

        CheckResult failing = check.run();
        assertThat(failing.level()).isEqualTo(Level.CRIT);
        assertThat(failing.detail()).isEqualTo("GET " + url(wm) + " -> 503 (expected 200); "
                + "error rate 20% of last 5 (crit 20%)");
        assertThat(check.stats().lastSuccess()).contains(T0);
        assertThat(check.stats().lastProbe()).contains(T0.plusSeconds(10));

        stubFor(get(PATH).willReturn(ok()));
        CheckResult recovered = check.run();
        assertThat(recovered.level()).isEqualTo(Level.WARN);
        assertThat(recovered.detail()).isEqualTo("error rate 16.7% of last 6 (warn 10%); "
                + "GET " + url(wm) + " -> 200 in 40 ms");
    }

    @Test
    void slowAnswersRaiseTheLevelOnlyOnceThereAreEnoughSamples(WireMockRuntimeInfo wm) throws Exception {
        var thresholds = WindowThresholds.defaults().withWindow(20, 5)
                .withP95(Duration.ofMillis(500), Duration.ofMillis(1_000));
        // Every probe "takes" 600 ms by the injected ticker; WireMock answers at once.
        var check = new HttpEndpointCheck(spec(wm), thresholds, clients, new StepTicker(Duration.ofMillis(600)), clock);
        stubFor(get(PATH).willReturn(ok()));

        for (int i = 0; i < 4; i++) {
            assertThat(check.run().level()).as("probe %d", i + 1).isEqualTo(Level.OK);
        }
        CheckResult fifth = check.run();

        assertThat(fifth.level()).isEqualTo(Level.WARN);
        assertThat(fifth.detail()).isEqualTo("p95 600 ms over last 5 (warn 500 ms); GET " + url(wm) + " -> 200 in 600 ms");
    }

    @Test
    void refusedProbesCountInTheErrorRateOfTheThrownMessage(WireMockRuntimeInfo wm) throws Exception {
        var thresholds = WindowThresholds.defaults().withWindow(5, 2).withErrorRate(0.25, 0.5);
        var check = checkOf(spec(wm), thresholds);
        stubFor(get(PATH).willReturn(ok()));
        check.run();
        stubFor(get(PATH).willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));

        assertThatThrownBy(check::run).isInstanceOf(IOException.class)
                .hasMessageEndingWith("; error rate 50% of last 2 (crit 50%)");
    }

    @Test
    void runsFromManyThreadsAtOnceKeepConsistentStats(WireMockRuntimeInfo wm) throws Exception {
        stubFor(get(PATH).willReturn(ok()));
        var check = checkOf(spec(wm), WindowThresholds.defaults().withWindow(20, 5));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<CheckResult>> runs = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                runs.add(pool.submit(check::run));
            }
            for (Future<CheckResult> run : runs) {
                assertThat(run.get().level()).isEqualTo(Level.OK);
            }
        } finally {
            pool.shutdownNow();
        }
        EndpointStats stats = check.stats();
        assertThat(stats.samples()).isEqualTo(20);
        assertThat(stats.latencySamples()).isEqualTo(20);
        assertThat(stats.failures()).isZero();
        verify(40, getRequestedFor(urlEqualTo(PATH)));
    }

    /** Accepts one connection, reads the request head, answers {@code response} a byte at a time. */
    private static void dripOneAnswer(ServerSocket server, byte[] response, long gapMillis) {
        try (Socket socket = server.accept()) {
            socket.getInputStream().read(new byte[8192]);
            OutputStream out = socket.getOutputStream();
            for (byte b : response) {
                out.write(b);
                out.flush();
                Thread.sleep(gapMillis);
            }
        } catch (IOException | InterruptedException e) {
            // The probe closed the connection at its deadline: that is what the test wants.
        }
    }

    private HttpEndpointCheck checkOf(EndpointSpec spec) {
        return checkOf(spec, WindowThresholds.defaults());
    }

    private HttpEndpointCheck checkOf(EndpointSpec spec, WindowThresholds thresholds) {
        return new HttpEndpointCheck(spec, thresholds, clients, new StepTicker(Duration.ofMillis(40)), clock);
    }

    private static EndpointSpec spec(WireMockRuntimeInfo wm) {
        return EndpointSpec.of("storage", url(wm), TIMEOUT);
    }

    private static String url(WireMockRuntimeInfo wm) {
        return wm.getHttpBaseUrl() + PATH;
    }
}
