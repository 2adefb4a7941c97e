package io.rxhealth.checks.http;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.ok;
import static com.github.tomakehurst.wiremock.client.WireMock.stubFor;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.junit5.WireMockRuntimeInfo;
import com.github.tomakehurst.wiremock.junit5.WireMockTest;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Level;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The TLS choices of {@link Tls} against WireMock's HTTPS port and a keytool-made certificate. */
@WireMockTest(httpsEnabled = true)
class HttpsEndpointCheckIT {
    private static final String PATH = "/storage/health";
    // The first TLS handshake in a cold JVM on a busy two-core machine can take a second or more.
    private static final Duration TLS_TIMEOUT = Duration.ofSeconds(10);
    private static final String KEYSTORE_PASSWORD = "rxh-test";

    private final HttpClients clients = new HttpClients();

    @Test
    void reachesHttpsWithASelfSignedCertificateOnlyWhenInsecure(WireMockRuntimeInfo wm) throws Exception {
        stubFor(get(PATH).willReturn(ok()));
        String url = wm.getHttpsBaseUrl() + PATH;

        CheckResult insecure = checkOf(EndpointSpec.of("storage", url, TLS_TIMEOUT).withTls(Tls.insecure())).run();
        assertThat(insecure.level()).isEqualTo(Level.OK);

        // Same server with the JDK's trust store: WireMock's certificate is self-signed.
        assertThatThrownBy(checkOf(EndpointSpec.of("storage", url, TLS_TIMEOUT))::run)
                .isInstanceOf(IOException.class).hasRootCauseInstanceOf(java.security.cert.CertPathBuilderException.class)
                .cause().isInstanceOf(SSLException.class);
    }

    @Test
    void trustsAServerCertificateFromTheCaFileAndStillVerifiesTheHostName(@TempDir Path dir) throws Exception {
        // A self-signed certificate for "localhost" only: it is its own trust anchor.
        Path keystore = selfSignedForLocalhost(dir);
        Path pem = dir.resolve("rxh-cert.pem");
        var server = new WireMockServer(WireMockConfiguration.wireMockConfig().dynamicPort().dynamicHttpsPort()
                .keystorePath(keystore.toString()).keystoreType("PKCS12")
                .keystorePassword(KEYSTORE_PASSWORD).keyManagerPassword(KEYSTORE_PASSWORD));
        server.start();
        try {
            server.stubFor(get(PATH).willReturn(ok()));
            Tls ca = Tls.caFile(pem);
            String byName = "https://localhost:" + server.httpsPort() + PATH;
            String byAddress = "https://127.0.0.1:" + server.httpsPort() + PATH;

            assertThat(checkOf(EndpointSpec.of("storage", byName, TLS_TIMEOUT).withTls(ca)).run().level())
                    .isEqualTo(Level.OK);
            assertThatThrownBy(checkOf(EndpointSpec.of("storage", byAddress, TLS_TIMEOUT).withTls(ca))::run)
                    .as("the certificate names localhost, not 127.0.0.1")
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("No subject alternative names matching IP address 127.0.0.1");
            assertThat(checkOf(EndpointSpec.of("storage", byAddress, TLS_TIMEOUT).withTls(Tls.insecure())).run().level())
                    .as("insecure skips the name check").isEqualTo(Level.OK);
        } finally {
            server.stop();
        }
    }

    @Test
    void refusesAServerWhoseCertificateIsNotInTheCaFile(WireMockRuntimeInfo wm, @TempDir Path dir) throws Exception {
        selfSignedForLocalhost(dir);
        Path pem = dir.resolve("rxh-cert.pem");
        stubFor(get(PATH).willReturn(ok()));

        // WireMock's own certificate was not issued by the CA in the file.
        assertThatThrownBy(checkOf(EndpointSpec.of("storage", wm.getHttpsBaseUrl() + PATH, TLS_TIMEOUT)
                .withTls(Tls.caFile(pem)))::run)
                .isInstanceOf(IOException.class).hasRootCauseInstanceOf(java.security.cert.CertPathBuilderException.class);
    }

    /** Writes {@code rxh-server.p12} (key and certificate for localhost) and {@code rxh-cert.pem}. */
    private static Path selfSignedForLocalhost(Path dir) throws IOException, InterruptedException {
        Path keystore = dir.resolve("rxh-server.p12");
        keytool("-genkeypair", "-alias", "rxh", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", "CN=localhost", "-ext", "SAN=dns:localhost",
                "-keystore", keystore.toString(), "-storetype", "PKCS12",
                "-storepass", KEYSTORE_PASSWORD, "-keypass", KEYSTORE_PASSWORD);
        keytool("-exportcert", "-rfc", "-alias", "rxh", "-file", dir.resolve("rxh-cert.pem").toString(),
                "-keystore", keystore.toString(), "-storetype", "PKCS12", "-storepass", KEYSTORE_PASSWORD);
        return keystore;
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        if (!Files.isExecutable(keytool)) {
            throw new IllegalStateException("keytool: " + keytool + " (expected: a full JDK, e.g. "
                    + "apt-get install -y openjdk-17-jdk-headless)");
        }
        List<String> command = new ArrayList<>(List.of(keytool.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("keytool " + args[0] + ": still running after 60 s");
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException("keytool " + args[0] + ": exit " + process.exitValue() + ": " + output.strip());
        }
    }

    private HttpEndpointCheck checkOf(EndpointSpec spec) {
        return new HttpEndpointCheck(spec, WindowThresholds.defaults(), clients, Ticker.system(), InstantSource.system());
    }
}
