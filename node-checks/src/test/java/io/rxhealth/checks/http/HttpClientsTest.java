package io.rxhealth.checks.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rxhealth.weighting.Ticker;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HttpClientsTest {
    private final HttpClients clients = new HttpClients();

    @Test
    void endpointsWithTheSameTrustShareOneClient() {
        HttpClient first = clients.clientFor(Tls.system());
        assertThat(clients.clientFor(new Tls.SystemTrust())).isSameAs(first);
        assertThat(clients.clientFor(Tls.insecure())).isNotSameAs(first).isSameAs(clients.clientFor(Tls.insecure()));
    }

    @Test
    void clientsSpeakHttp11AndDoNotFollowRedirects() {
        HttpClient client = clients.clientFor(Tls.system());
        assertThat(client.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
        assertThat(client.followRedirects()).isEqualTo(HttpClient.Redirect.NEVER);
    }

    @Test
    void anUnreadableCaFileFailsEveryTimeRatherThanBeingCached(@TempDir Path dir) {
        Tls tls = Tls.caFile(dir.resolve("rxh-absent.pem"));
        for (int attempt = 0; attempt < 2; attempt++) {
            assertThatThrownBy(() -> clients.clientFor(tls))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("caFile: '");
        }
    }

    // Surefire's JVM never sets jdk.httpclient.allowRestrictedHeaders (only HttpEndpointCheckIT,
    // in failsafe's JVM, calls allowHostHeader), so the JDK default — Host is restricted — holds.
    @Test
    void refusesAHostHeaderTheJdkWouldRejectAndSaysHowToAllowIt() {
        assertThat(HttpClients.hostHeaderAllowed()).isFalse();
        var spec = EndpointSpec.of("client", "http://127.0.0.1:1/client/health", Duration.ofSeconds(1))
                .withHost("rx.example.test");
        assertThatThrownBy(() -> new HttpEndpointCheck(spec, WindowThresholds.defaults(), clients, Ticker.system(),
                InstantSource.system()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("host: 'rx.example.test' (expected: HttpClients.allowHostHeader() at start, "
                        + "or -Djdk.httpclient.allowRestrictedHeaders=host)");
    }
}
