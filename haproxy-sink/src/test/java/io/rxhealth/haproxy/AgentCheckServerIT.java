package io.rxhealth.haproxy;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.rxhealth.weighting.Ticker;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AgentCheckServerIT {
    private static final Duration TIMEOUT = Duration.ofMillis(400);
    private static final String REPLY = "up ready 100% # all checks pass\n";

    private final ReplyBoard replies = new ReplyBoard(REPLY);
    private final List<Socket> clients = new ArrayList<>();
    private AgentCheckServer server;

    @AfterEach
    void tearDown() throws IOException {
        for (Socket client : clients) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void repliesWithThePublishedLineThenEndsTheStream() throws IOException {
        start(SinkOptions.defaults());

        assertThat(fetch()).isEqualTo(REPLY);
        replies.publish("down # storage: connection refused\n");
        assertThat(fetch()).isEqualTo("down # storage: connection refused\n");

        await().untilAsserted(() -> assertThat(server.stats())
                .isEqualTo(new SinkStats(2, 0, 2, 0, 0, 0, 0, 0, 0, 0)));
    }

    @Test
    void aClientThatResetsOnceItHasTheLineEndsWithoutAnError() throws IOException {
        start(SinkOptions.defaults());

        for (int i = 0; i < 20; i++) {
            try (var client = connect()) {
                // As HAProxy ends an agent check: the line read, then a reset.
                client.setSoLinger(true, 0);
                assertThat(readToEnd(client.getInputStream())).isEqualTo(REPLY);
            }
        }

        await().untilAsserted(() -> assertThat(server.stats())
                .isEqualTo(new SinkStats(20, 0, 20, 0, 0, 0, 0, 0, 0, 0)));
    }

    @Test
    void servesFromSeveralThreads() throws IOException {
        start(SinkOptions.defaults().withThreads(2));

        for (int i = 0; i < 50; i++) {
            assertThat(fetch()).isEqualTo(REPLY);
        }
        await().untilAsserted(() -> assertThat(server.stats())
                .isEqualTo(new SinkStats(50, 0, 50, 0, 0, 0, 0, 0, 0, 0)));
    }

    @Test
    void clientsThatSendFirstGetTheReplyAndAnOrderlyEnd() throws Exception {
        start(SinkOptions.defaults().withMaxPerSource(128));
        // A burst, so that greetings are already queued when the server takes the connections:
        // had it closed with a greeting unread, the kernel would reset instead of ending cleanly.
        var burst = new ArrayList<Socket>();
        for (int i = 0; i < 100; i++) {
            var client = connect();
            client.getOutputStream().write("hello s200\n".getBytes(US_ASCII));
            burst.add(client);
        }
        Thread.sleep(100);
        for (Socket client : burst) {
            assertThat(readToEnd(client.getInputStream())).isEqualTo(REPLY);
            // Had the server closed with the greeting unread, its reset would be here by now and
            // this write would fail with "Broken pipe".
            client.getOutputStream().write("bye\n".getBytes(US_ASCII));
        }
    }

    @Test
    void closesAClientThatNeitherReadsNorSendsAtTheTimeout() throws IOException {
        start(SinkOptions.defaults().withConnectionTimeout(TIMEOUT));
        connect();

        await().atMost(TIMEOUT.multipliedBy(5)).untilAsserted(() -> {
            assertThat(server.stats().timedOut()).isEqualTo(1);
            assertThat(server.stats().active()).isZero();
        });
    }

    @Test
    void answeredClientsThatHoldOnAreClosedToMakeRoomForNewOnes() throws IOException {
        // Holders linger far longer than the test takes: only eviction can close them in time.
        start(SinkOptions.defaults().withMaxConnections(4).withMaxPerSource(64)
                .withConnectionTimeout(Duration.ofSeconds(30)).withLinger(Duration.ofSeconds(30)));
        var holders = new ArrayList<Socket>();
        for (int i = 0; i < 4; i++) {
            holders.add(connect());
        }
        await().until(() -> server.stats().active() == 4);

        for (int i = 0; i < 16; i++) {
            assertThat(fetch()).isEqualTo(REPLY);
        }
        // Room is made only as needed: once a fetch has closed, the next one finds a free slot.
        assertThat(server.stats().evicted()).isPositive();
        assertThat(server.stats().rejected()).isZero();
        // The holders closed to make room had their reply first.
        assertThat(readToEndOrReset(holders.get(0).getInputStream())).isEqualTo(REPLY);
    }

    @Test
    void resetsASourceOverItsShareUnreadAndServesOtherSources() throws IOException {
        start(SinkOptions.defaults().withMaxPerSource(2));
        connect();
        connect();
        await().until(() -> server.stats().active() == 2);

        try (var third = connect()) {
            assertThat(readToEndOrReset(third.getInputStream())).isEmpty();
        }
        try (var other = connect("127.0.0.2")) {
            assertThat(readToEnd(other.getInputStream())).isEqualTo(REPLY);
        }
        assertThat(server.stats().shed()).isEqualTo(1);
    }

    @Test
    void aSourceWithFewConnectionsIsServedBeforeABurstFromAnotherThatArrivedFirst() throws Exception {
        // One seat and no verdict yet: whoever is served first takes the seat and waits for the
        // verdict, everyone after it is refused. In the kernel's order that would be the burst.
        var starting = new ReplyBoard();
        server = AgentCheckServer.start(Listen.bind("127.0.0.1", 0), starting,
                SinkOptions.defaults().withMaxConnections(1), Ticker.system());
        var loopHeld = new java.util.concurrent.CountDownLatch(1);
        var release = new java.util.concurrent.CountDownLatch(1);
        server.eventLoops().execute(() -> {
            loopHeld.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        loopHeld.await();
        var burst = new ArrayList<Socket>();
        for (int i = 0; i < 20; i++) {
            burst.add(connect("127.0.0.2"));
        }
        var check = connect("127.0.0.1");
        release.countDown();
        await().until(() -> server.stats().rejected() == 20);

        starting.publish(REPLY);

        assertThat(readToEnd(check.getInputStream())).isEqualTo(REPLY);
        for (Socket client : burst) {
            assertThat(readToEndOrReset(client.getInputStream())).isEmpty();
        }
    }

    @Test
    void resetsSourcesOffTheAllowListBeforeReadingAByte() throws IOException {
        start(SinkOptions.defaults().withAllow(SourceAllowList.parse(List.of("127.0.0.1/32"))));

        try (var denied = connect("127.0.0.2")) {
            try {
                denied.getOutputStream().write("hello\n".getBytes(US_ASCII));
            } catch (IOException resetAlready) {
                // The reset may be here before the write.
            }
            assertThat(readToEndOrReset(denied.getInputStream())).isEmpty();
        }
        assertThat(fetch()).isEqualTo(REPLY);
        await().untilAsserted(() -> {
            assertThat(server.stats().denied()).isEqualTo(1);
            assertThat(server.stats().accepted()).isEqualTo(1);
        });
    }

    @Test
    void anAnsweredClientThatNeverClosesIsClosedAtTheLinger() throws IOException {
        start(SinkOptions.defaults().withLinger(TIMEOUT));
        var silent = connect();

        await().atMost(TIMEOUT.multipliedBy(5)).untilAsserted(() -> {
            assertThat(server.stats().timedOut()).isEqualTo(1);
            assertThat(server.stats().active()).isZero();
        });
        assertThat(readToEndOrReset(silent.getInputStream())).isEqualTo(REPLY);
    }

    @Test
    void cutsOffASlowlorisAtTheTimeout() throws IOException {
        start(SinkOptions.defaults().withConnectionTimeout(TIMEOUT));
        var client = connect();
        OutputStream out = client.getOutputStream();
        long started = System.nanoTime();

        assertThatThrownBy(() -> {
            while (System.nanoTime() - started < TIMEOUT.multipliedBy(10).toNanos()) {
                out.write('x');
                out.flush();
                Thread.sleep(10);
            }
        }).isInstanceOf(IOException.class);

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(TIMEOUT.multipliedBy(5));
        assertThat(server.stats().timedOut()).isEqualTo(1);
    }

    @Test
    void cutsOffAClientThatSendsMoreThanTheInboundLimit() throws IOException {
        start(SinkOptions.defaults());
        var client = connect();

        try {
            client.getOutputStream().write(new byte[64 * 1024]);
        } catch (IOException resetWhileWriting) {
            // Expected as often as not: the server closes with our bytes unread.
        }

        await().untilAsserted(() -> {
            assertThat(server.stats().oversized()).isEqualTo(1);
            assertThat(server.stats().active()).isZero();
        });
    }

    @Test
    void stopsListeningOnClose() throws IOException {
        start(SinkOptions.defaults());
        InetSocketAddress address = server.localAddress();
        server.close();
        server = null;

        assertThatThrownBy(() -> new Socket(address.getAddress(), address.getPort()).close())
                .isInstanceOf(ConnectException.class);
    }

    @Test
    void saysWhichAddressCouldNotBeBound() throws IOException {
        start(SinkOptions.defaults());
        int taken = server.localAddress().getPort();

        assertThatThrownBy(() -> AgentCheckServer.start(Listen.bind("127.0.0.1", taken), replies,
                SinkOptions.defaults(), Ticker.system()))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageStartingWith("java.io.IOException: listen: /127.0.0.1:" + taken
                        + " (expected: a free address to bind): ");
    }

    private void start(SinkOptions options) {
        server = AgentCheckServer.start(Listen.bind("127.0.0.1", 0), replies, options, Ticker.system());
    }

    private Socket connect() throws IOException {
        return connect("127.0.0.1");
    }

    /** Connects from {@code source}, another loopback address than 127.0.0.1 for a second client host. */
    private Socket connect(String source) throws IOException {
        var client = new Socket(server.localAddress().getAddress(), server.localAddress().getPort(),
                java.net.InetAddress.getByName(source), 0);
        client.setSoTimeout(5_000);
        clients.add(client);
        return client;
    }

    private String fetch() throws IOException {
        try (var client = connect()) {
            return readToEnd(client.getInputStream());
        }
    }

    static String readToEnd(InputStream in) throws IOException {
        return new String(in.readAllBytes(), US_ASCII);
    }

    /** What arrived before the end of the stream or a reset; a rejected client may see either. */
    private static String readToEndOrReset(InputStream in) throws IOException {
        var got = new ByteArrayOutputStream();
        byte[] chunk = new byte[256];
        try {
            for (int n; (n = in.read(chunk)) >= 0; ) {
                got.write(chunk, 0, n);
            }
        } catch (java.net.SocketException reset) {
            // Connection reset: the server closed before reading anything, which is fine here.
        }
        return got.toString(US_ASCII);
    }
}
