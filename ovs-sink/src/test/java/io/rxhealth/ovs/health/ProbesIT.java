package io.rxhealth.ovs.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rxhealth.ovs.config.MemberConfig;
import io.rxhealth.ovs.config.ProbeConfig;
import io.rxhealth.ovs.config.ProbeKind;
import io.rxhealth.ovs.fake.FakeHttpTarget;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Liveness probes against real sockets on loopback, run by the scheduler as the daemon runs them. */
class ProbesIT {
    private static final Duration TIMEOUT = Duration.ofMillis(500);

    @Test
    void httpProbePassesOn2xxFromTheBoundSource() throws Exception {
        try (FakeHttpTarget target = new FakeHttpTarget()) {
            ProbeResult result = probeOnce(ProbeKind.HTTP, target.port(), Optional.of("127.0.0.2"));

            assertThat(result).isEqualTo(ProbeResult.pass("HTTP 200"));
            assertThat(target.lastClient().getHostAddress()).isEqualTo("127.0.0.2");
        }
    }

    @Test
    void httpProbeFailsOnOtherStatuses() throws Exception {
        try (FakeHttpTarget target = new FakeHttpTarget()) {
            target.status(503);
            assertThat(probeOnce(ProbeKind.HTTP, target.port(), Optional.empty())).isEqualTo(ProbeResult.fail("HTTP 503"));
            target.status(302);
            assertThat(probeOnce(ProbeKind.HTTP, target.port(), Optional.empty())).isEqualTo(ProbeResult.fail("HTTP 302"));
        }
    }

    @Test
    void httpProbeFailsOnATargetThatIsNotHttp() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(() -> {
                try (Socket s = server.accept()) {
                    s.getOutputStream().write("SSH-2.0-OpenSSH\r\n".getBytes(StandardCharsets.US_ASCII));
                } catch (IOException e) {
                    // Test over.
                }
            });
            t.start();
            assertThat(probeOnce(ProbeKind.HTTP, server.getLocalPort(), Optional.empty()))
                    .isEqualTo(ProbeResult.fail("not an HTTP status line: 'SSH-2.0-OpenSSH'"));
            t.join();
        }
    }

    @Test
    void httpProbeTimesOutOnASilentTarget() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            // The kernel completes the handshake from the backlog; nobody ever answers.
            assertThat(probeOnce(ProbeKind.HTTP, server.getLocalPort(), Optional.empty()))
                    .isEqualTo(ProbeResult.fail("timeout: no reply within the timeout"));
        }
    }

    @Test
    void tcpProbePassesOnConnectAndFailsWhenRefused() throws Exception {
        int port;
        try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            port = server.getLocalPort();
            assertThat(probeOnce(ProbeKind.TCP, port, Optional.empty())).isEqualTo(ProbeResult.pass("tcp connect"));
        }
        assertThat(probeOnce(ProbeKind.TCP, port, Optional.empty()))
                .isEqualTo(ProbeResult.fail("connect: Connection refused"));
    }

    @Test
    void probeFromAMissingInterfaceFailsWithItsName() throws Exception {
        assertThat(probeOnce(ProbeKind.TCP, 9, Optional.of("rxhnosuchif0")))
                .isEqualTo(ProbeResult.fail("connect: java.io.IOException: source interface rxhnosuchif0: not found"));
    }

    @Test
    void membersThatDoNotAnswerWaitOutTheirTimeoutsTogether() throws Exception {
        // 300 members behind one server that never answers: each probe is a timer on the one
        // selector thread, so all 300 are open at once and all time out in the first round.
        int members = 300;
        try (ServerSocket silent = new ServerSocket(0, members, InetAddress.getLoopbackAddress())) {
            List<ProbeTarget> targets = new ArrayList<>();
            for (int i = 0; i < members; i++) {
                MemberConfig m = new MemberConfig("127.0.0.1", 10_000 + i, 100, OptionalInt.empty(), "",
                        new ProbeConfig(ProbeKind.HTTP, silent.getLocalPort(), "/healthz"), Optional.empty());
                targets.add(Probes.of(m));
            }
            Map<String, ProbeResult> results = new ConcurrentHashMap<>();
            try (ProbeScheduler scheduler = new ProbeScheduler(targets, Duration.ofSeconds(30), Duration.ofSeconds(3),
                    members, results::putIfAbsent, Ticker.system())) {
                scheduler.start();
                await().atMost(Duration.ofSeconds(3)).until(() -> scheduler.inFlight() == members);
                assertThat(scheduler.awaitFirstRound(Duration.ofSeconds(10))).isTrue();
            }
            assertThat(results).hasSize(members);
            assertThat(results.values()).allSatisfy(r -> assertThat(r.passed()).isFalse());
            assertThat(results.values()).allSatisfy(r -> assertThat(r.detail()).startsWith("timeout: "));
        }
    }

    private static ProbeResult probeOnce(ProbeKind kind, int port, Optional<String> source) throws Exception {
        MemberConfig m = new MemberConfig("127.0.0.1", port, 100, OptionalInt.empty(), "",
                new ProbeConfig(kind, port, "/healthz"), source);
        CompletableFuture<ProbeResult> first = new CompletableFuture<>();
        try (ProbeScheduler scheduler = new ProbeScheduler(List.of(Probes.of(m)), Duration.ofSeconds(30), TIMEOUT, 1,
                (key, result) -> first.complete(result), Ticker.system())) {
            scheduler.start();
            return first.get(5, TimeUnit.SECONDS);
        }
    }
}
