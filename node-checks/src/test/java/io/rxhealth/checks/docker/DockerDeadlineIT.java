package io.rxhealth.checks.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A Docker engine that accepts and never answers, over a unix socket and over TCP: every call
 * returns within its deadline, and the thread that made it is free again.
 */
class DockerDeadlineIT {
    private static final Duration TIMEOUT = Duration.ofMillis(300);

    @TempDir
    Path dir;

    private final List<SocketChannel> held = new ArrayList<>();
    private ServerSocketChannel peer;
    private Thread acceptor;

    @AfterEach
    void stop() throws Exception {
        if (acceptor != null) {
            acceptor.interrupt();
        }
        if (peer != null) {
            peer.close();
        }
        synchronized (held) {
            for (SocketChannel ch : held) {
                ch.close();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"unix", "tcp"})
    void aSilentEngineCostsNoMoreThanTheDeadline(String transport) throws Exception {
        String host = silentPeer(transport);
        try (var engine = new DockerJavaEngine(host, TIMEOUT, TIMEOUT)) {
            for (int call = 0; call < 3; call++) {
                // Connect plus response timeout, with room for a loaded machine; the bug was >= 37 s.
                assertTimeoutPreemptively(Duration.ofSeconds(3), () ->
                        assertThatThrownBy(engine::ping)
                                .isInstanceOf(IOException.class)
                                .hasMessageStartingWith(host + ": GET /_ping: "));
                assertTimeoutPreemptively(Duration.ofSeconds(3), () ->
                        assertThatThrownBy(() -> engine.inspect("rx-app")).isInstanceOf(IOException.class));
            }
            // Each call reached the peer: the calls were really made, and each waited on an answer.
            synchronized (held) {
                assertThat(held).hasSizeGreaterThanOrEqualTo(2);
            }
            // The checks turn it into CRIT (daemon) and a throw that the runner reports as UNKNOWN.
            assertThat(new DockerDaemonCheck(engine, host).run().detail())
                    .startsWith("docker daemon unavailable: " + host + ": GET /_ping: ");
        }
    }

    private String silentPeer(String transport) throws IOException {
        if (transport.equals("unix")) {
            Path socket = dir.resolve("docker.sock");
            peer = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            peer.bind(UnixDomainSocketAddress.of(socket));
            acceptAndHold();
            return "unix://" + socket;
        }
        peer = ServerSocketChannel.open();
        peer.bind(new InetSocketAddress("127.0.0.1", 0));
        acceptAndHold();
        return "tcp://127.0.0.1:" + ((InetSocketAddress) peer.getLocalAddress()).getPort();
    }

    /** Accepts every connection and never answers; the connections stay open until the test ends. */
    private void acceptAndHold() {
        acceptor = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    SocketChannel ch = peer.accept();
                    synchronized (held) {
                        held.add(ch);
                    }
                }
            } catch (IOException closed) {
                // the test is over
            }
        }, "silent-docker");
        acceptor.setDaemon(true);
        acceptor.start();
    }
}
