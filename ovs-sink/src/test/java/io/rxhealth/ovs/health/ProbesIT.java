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
    private final SourceAddresses sources = new SourceAddresses(Ticker.system());

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
                targets.add(Probes.of(m, sources));
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

    @Test
    void closesEveryProbeWithAResetSoNoPortLingers() throws Exception {
        // The server never accepts: the kernel completes each handshake from the backlog and would
        // acknowledge a FIN, leaving our side in FIN_WAIT2 (or TIME_WAIT) for 60 s, holding the
        // ephemeral port of the bound hc address. A reset leaves nothing.
        String source = "127.0.0.213";
        int members = 20;
        try (ServerSocket server = new ServerSocket(0, 64, InetAddress.getLoopbackAddress())) {
            List<ProbeTarget> targets = new ArrayList<>();
            for (int i = 0; i < members; i++) {
                targets.add(Probes.of(new MemberConfig("127.0.0.1", 10_000 + i, 100, OptionalInt.empty(), "",
                        new ProbeConfig(ProbeKind.TCP, server.getLocalPort(), ""), Optional.of(source)), sources));
            }
            Map<String, ProbeResult> results = new ConcurrentHashMap<>();
            try (ProbeScheduler scheduler = new ProbeScheduler(targets, Duration.ofSeconds(30), TIMEOUT, members,
                    results::putIfAbsent, Ticker.system())) {
                scheduler.start();
                assertThat(scheduler.awaitFirstRound(Duration.ofSeconds(5))).isTrue();
                assertThat(results.values()).containsOnly(ProbeResult.pass("tcp connect"));
                await().atMost(Duration.ofSeconds(3)).untilAsserted(
                        () -> assertThat(socketsFrom(source)).as("sockets of %s in /proc/net/tcp and tcp6", source).isEmpty());
            }
        }
    }

    /**
     * Sockets in /proc/net/tcp and /proc/net/tcp6 whose local address is {@code ipv4} (any port, any
     * state but LISTEN). Java's sockets are dual-stack, so they show in tcp6 as ::ffff:{@code ipv4}.
     */
    private static List<String> socketsFrom(String ipv4) throws IOException {
        byte[] b = InetAddress.getByName(ipv4).getAddress();
        // The kernel prints each 32-bit word little-endian: 127.0.0.213 is D500007F.
        String v4 = String.format("%02X%02X%02X%02X", b[3], b[2], b[1], b[0]);
        List<String> wanted = List.of(v4, "0000000000000000FFFF0000" + v4);
        List<String> found = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of(table))) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 3 && f[1].contains(":") && wanted.contains(f[1].substring(0, f[1].indexOf(':')))
                        && !f[3].equals("0A")) {
                    found.add(line.trim());
                }
            }
        }
        return found;
    }

    private ProbeResult probeOnce(ProbeKind kind, int port, Optional<String> source) throws Exception {
        MemberConfig m = new MemberConfig("127.0.0.1", port, 100, OptionalInt.empty(), "",
                new ProbeConfig(kind, port, "/healthz"), source);
        CompletableFuture<ProbeResult> first = new CompletableFuture<>();
        try (ProbeScheduler scheduler = new ProbeScheduler(List.of(Probes.of(m, sources)), Duration.ofSeconds(30), TIMEOUT, 1,
                (key, result) -> first.complete(result), Ticker.system())) {
            scheduler.start();
            return first.get(5, TimeUnit.SECONDS);
        }
    }
}
