package io.rxhealth.checks.rabbitmq;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.stubFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.verify;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.junit5.WireMockRuntimeInfo;
import com.github.tomakehurst.wiremock.junit5.WireMockTest;
import io.rxhealth.checks.http.Finding;
import io.rxhealth.checks.http.WindowThresholds;
import io.rxhealth.weighting.Level;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The management plugin's corner cases that a real broker does not show on demand (a plugin that
 * hangs, resets, refuses), against WireMock; the real plugin is asked in {@link RabbitChecksIT}.
 */
@WireMockTest
class ManagementProbeIT {
    private static final String SECRET = "mgmt-secret-7f3a";
    private static final String ALARMS = "/api/health/checks/local-alarms";
    private static final String VHOSTS = "/api/health/checks/virtual-hosts";

    private static ManagementProbe probe(String base, Duration timeout, String... checks) {
        ManagementSpec m = new ManagementSpec(URI.create(base), List.of(checks), timeout);
        RabbitSpec broker = new RabbitSpec("rabbitmq", "127.0.0.1", 5672, "/", false, "rx", () -> SECRET,
                Duration.ofSeconds(2), Duration.ofSeconds(10), WindowThresholds.defaults(), List.of(), Optional.of(m));
        return new ManagementProbe(broker, m);
    }

    @Test
    void asksEveryCheckAtOnceWithTheBrokersCredentials(WireMockRuntimeInfo wm) {
        stubFor(get(ALARMS).willReturn(okJson("{\"status\":\"ok\"}").withFixedDelay(600)));
        stubFor(get(VHOSTS).willReturn(okJson("{\"status\":\"ok\"}").withFixedDelay(600)));
        long start = System.nanoTime();
        List<Finding> found = ManagementProbe.collect(probe(wm.getHttpBaseUrl(), Duration.ofMillis(1000),
                "local-alarms", "virtual-hosts").start());
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(found).containsExactly(new Finding(Level.OK, "management local-alarms, virtual-hosts ok"));
        // In parallel: one delay, not two.
        assertThat(took).isLessThan(Duration.ofMillis(1000));
        String basic = "Basic " + Base64.getEncoder().encodeToString(("rx:" + SECRET).getBytes(StandardCharsets.UTF_8));
        verify(getRequestedFor(urlEqualTo(ALARMS)).withHeader("Authorization", equalTo(basic)));
    }

    @Test
    void aHungPluginIsAWarnWithinTheTimeout(WireMockRuntimeInfo wm) {
        stubFor(get(ALARMS).willReturn(okJson("{\"status\":\"ok\"}").withFixedDelay(3000)));
        long start = System.nanoTime();
        List<Finding> found = ManagementProbe.collect(probe(wm.getHttpBaseUrl(), Duration.ofMillis(300),
                "local-alarms").start());
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(found).containsExactly(new Finding(Level.WARN, "management local-alarms: no answer within 300 ms"
                + " from localhost:" + wm.getHttpPort()));
        assertThat(took).isLessThan(Duration.ofMillis(800));
    }

    @Test
    void aHungBodyIsCutAtTheTimeoutToo(WireMockRuntimeInfo wm) {
        stubFor(get(ALARMS).willReturn(okJson("{\"status\":\"ok\",\"pad\":\"" + "x".repeat(4000) + "\"}")
                .withChunkedDribbleDelay(20, 3000)));
        long start = System.nanoTime();
        List<Finding> found = ManagementProbe.collect(probe(wm.getHttpBaseUrl(), Duration.ofMillis(300),
                "local-alarms").start());
        assertThat(found.get(0).level()).isEqualTo(Level.WARN);
        assertThat(found.get(0).detail()).startsWith("management local-alarms: no answer within 300 ms");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(800));
    }

    @Test
    void aResetOrARefusalIsAWarnAndNamesThePlugin(WireMockRuntimeInfo wm) throws Exception {
        stubFor(get(ALARMS).willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
        assertThat(ManagementProbe.collect(probe(wm.getHttpBaseUrl(), Duration.ofMillis(500), "local-alarms").start()))
                .containsExactly(new Finding(Level.WARN, "management local-alarms: connection to localhost:"
                        + wm.getHttpPort() + " failed"));
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        assertThat(ManagementProbe.collect(probe("http://127.0.0.1:" + closed, Duration.ofMillis(500),
                "local-alarms").start())).containsExactly(new Finding(Level.WARN,
                "management API refused the connection (127.0.0.1:" + closed + ")"));
    }

    @Test
    void aFailedCheckCarriesTheBrokersReasonAndNeverThePassword(WireMockRuntimeInfo wm) {
        stubFor(get(ALARMS).willReturn(aResponse().withStatus(503).withBody("{\"status\":\"failed\",\"reason\":"
                + "\"There are alarms in effect on the node\",\"alarms\":[{\"node\":\"rabbit@a\",\"resource\":\"disk\"}]}")));
        stubFor(get(VHOSTS).willReturn(aResponse().withStatus(401)));
        List<Finding> found = ManagementProbe.collect(probe(wm.getHttpBaseUrl() + "/", Duration.ofMillis(500),
                "local-alarms", "virtual-hosts").start());
        assertThat(found).containsExactly(
                new Finding(Level.WARN, "management local-alarms: There are alarms in effect on the node (disk)"),
                new Finding(Level.WARN, "management API refused user rx (401; it needs the monitoring tag)"));
        assertThat(found.toString()).doesNotContain(SECRET);
    }
}
