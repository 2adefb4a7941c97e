package io.rxhealth.ovs.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rxhealth.ovs.config.MemberConfig;
import io.rxhealth.ovs.config.ProbeConfig;
import io.rxhealth.ovs.config.ProbeKind;
import io.rxhealth.ovs.fake.FakeHttpTarget;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Liveness probes against real sockets on loopback. */
class ProbesIT {
    private static final Duration TIMEOUT = Duration.ofMillis(500);

    @Test
    void httpProbePassesOn2xxFromTheBoundSource() throws Exception {
        try (FakeHttpTarget target = new FakeHttpTarget()) {
            ProbeResult result = probe(ProbeKind.HTTP, target.port(), Optional.of("127.0.0.2")).run();

            assertThat(result).isEqualTo(ProbeResult.pass("HTTP 200"));
            assertThat(target.lastClient().getHostAddress()).isEqualTo("127.0.0.2");
        }
    }

    @Test
    void httpProbeFailsOnOtherStatuses() throws Exception {
        try (FakeHttpTarget target = new FakeHttpTarget()) {
            target.status(503);
            assertThat(probe(ProbeKind.HTTP, target.port(), Optional.empty()).run()).isEqualTo(ProbeResult.fail("HTTP 503"));
            target.status(302);
            assertThat(probe(ProbeKind.HTTP, target.port(), Optional.empty()).run()).isEqualTo(ProbeResult.fail("HTTP 302"));
        }
    }

    @Test
    void httpProbeThrowsOnATargetThatIsNotHttp() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(() -> {
                try (Socket s = server.accept()) {
                    s.getOutputStream().write("SSH-2.0-OpenSSH\r\n".getBytes(StandardCharsets.US_ASCII));
                } catch (IOException e) {
                    // Test over.
                }
            });
            t.start();
            assertThatThrownBy(probe(ProbeKind.HTTP, server.getLocalPort(), Optional.empty())::run)
                    .isInstanceOf(IOException.class).hasMessageContaining("not an HTTP status line");
            t.join();
        }
    }

    @Test
    void httpProbeTimesOutOnASilentTarget() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            // The kernel completes the handshake from the backlog; nobody ever answers.
            assertThatThrownBy(probe(ProbeKind.HTTP, server.getLocalPort(), Optional.empty())::run)
                    .isInstanceOf(SocketTimeoutException.class);
        }
    }

    @Test
    void tcpProbePassesOnConnectAndFailsWhenRefused() throws Exception {
        int port;
        try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            port = server.getLocalPort();
            assertThat(probe(ProbeKind.TCP, port, Optional.empty()).run().passed()).isTrue();
        }
        assertThatThrownBy(probe(ProbeKind.TCP, port, Optional.empty())::run).isInstanceOf(ConnectException.class);
    }

    @Test
    void probeFromAMissingInterfaceFailsWithItsName() {
        assertThatThrownBy(probe(ProbeKind.TCP, 9, Optional.of("rxhnosuchif0"))::run)
                .hasMessage("source interface rxhnosuchif0: not found");
    }

    private static LivenessProbe probe(ProbeKind kind, int port, Optional<String> source) {
        MemberConfig m = new MemberConfig("127.0.0.1", port, 100, OptionalInt.empty(), "",
                new ProbeConfig(kind, port, "/healthz"), source);
        return Probes.of(m, TIMEOUT);
    }
}
