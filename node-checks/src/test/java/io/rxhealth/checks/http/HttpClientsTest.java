package io.rxhealth.checks.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rxhealth.weighting.Ticker;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import javax.net.ssl.HttpsURLConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HttpClientsTest {
    private final HttpClients clients = new HttpClients();

    @Test
    void endpointsWithTheSameTrustShareOneConnector() {
        HttpConnector first = clients.connectorFor(Tls.system());
        assertThat(clients.connectorFor(new Tls.SystemTrust())).isSameAs(first);
        assertThat(clients.connectorFor(Tls.insecure())).isNotSameAs(first).isSameAs(clients.connectorFor(Tls.insecure()));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"http://127.0.0.1:1/health", "https://127.0.0.1:1/health"})
    void connectionsDoNotFollowRedirectsNorUseCaches(String url) throws Exception {
        HttpURLConnection connection = clients.connectorFor(Tls.system()).open(new URL(url));
        assertThat(connection.getInstanceFollowRedirects()).isFalse();
        assertThat(connection.getUseCaches()).isFalse();
    }

    @Test
    void insecureConnectionsShareOneSocketFactoryAndAcceptAnyHostName() throws Exception {
        HttpConnector insecure = clients.connectorFor(Tls.insecure());
        var first = (HttpsURLConnection) insecure.open(new URL("https://127.0.0.1:1/health"));
        var second = (HttpsURLConnection) insecure.open(new URL("https://127.0.0.1:1/other"));

        assertThat(second.getSSLSocketFactory()).isSameAs(first.getSSLSocketFactory())
                .isNotSameAs(HttpsURLConnection.getDefaultSSLSocketFactory());
        assertThat(first.getHostnameVerifier().verify("anything.invalid", null)).isTrue();
        var system = (HttpsURLConnection) clients.connectorFor(Tls.system()).open(new URL("https://127.0.0.1:1/health"));
        assertThat(system.getHostnameVerifier()).isSameAs(HttpsURLConnection.getDefaultHostnameVerifier());
    }

    @Test
    void anUnreadableCaFileFailsEveryTimeRatherThanBeingCached(@TempDir Path dir) {
        Tls tls = Tls.caFile(dir.resolve("rxh-absent.pem"));
        for (int attempt = 0; attempt < 2; attempt++) {
            assertThatThrownBy(() -> clients.connectorFor(tls))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("caFile: '");
        }
    }

    // Surefire's JVM never sets sun.net.http.allowRestrictedHeaders (only HttpEndpointCheckIT,
    // in failsafe's JVM, calls allowHostHeader), so the JDK default — Host is restricted — holds.
    @Test
    void refusesAHostHeaderTheJdkWouldDropAndSaysHowToAllowIt() {
        assertThat(HttpClients.hostHeaderAllowed()).isFalse();
        var spec = EndpointSpec.of("client", "http://127.0.0.1:1/client/health", Duration.ofSeconds(1))
                .withHost("rx.example.test");
        assertThatThrownBy(() -> new HttpEndpointCheck(spec, WindowThresholds.defaults(), clients, Ticker.system(),
                InstantSource.system()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("host: 'rx.example.test' (expected: HttpClients.allowHostHeader() at start, "
                        + "or -Dsun.net.http.allowRestrictedHeaders=true)");
    }
}
