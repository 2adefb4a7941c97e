package io.rxhealth.ovs.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rxhealth.ovs.fake.FakeAgent;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The poller against real sockets on loopback: every way an agent can answer or fail. */
class AgentPollerIT {
    private final List<AutoCloseable> closeables = new ArrayList<>();
    private final List<String> events = new CopyOnWriteArrayList<>();
    private final AgentPoller.Listener listener = new AgentPoller.Listener() {
        @Override
        public void onReply(String key, String line) {
            events.add(key + " reply '" + line + "'");
        }

        @Override
        public void onFailure(String key, AgentFailure failure, String detail) {
            events.add(key + " " + failure);
        }
    };

    @AfterEach
    void tearDown() throws Exception {
        for (AutoCloseable c : closeables) {
            c.close();
        }
    }

    /** {@code \n} in a cell is a line feed; the agent sends the bytes and closes at once. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # sent                          | event
        'up 75%\\n'                     | reply 'up 75%'
        'drain # marker\\r\\n'          | reply 'drain # marker'
        '\\n'                           | reply ''
        'blah\\n'                       | reply 'blah'
        'up 75%'                        | INCOMPLETE
        ''                              | EMPTY
        """)
    void readsOneLineOrReportsWhyNot(String sent, String event) throws Exception {
        FakeAgent agent = track(new FakeAgent(sent.replace("\\r", "\r").replace("\\n", "\n")));

        poller(List.of(target("m", agent.port(), ""))).start();

        await().atMost(Duration.ofSeconds(5)).until(() -> !events.isEmpty());
        assertThat(events.get(0)).isEqualTo("m " + event);
    }

    @Test
    void reportsARefusedConnection() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        poller(List.of(target("m", port, ""))).start();

        await().atMost(Duration.ofSeconds(5)).until(() -> !events.isEmpty());
        assertThat(events.get(0)).isEqualTo("m CONNECT");
    }

    @Test
    void timesOutAnAgentThatHoldsTheLineWithoutANewline() throws Exception {
        ServerSocket server = holdingAgent("up 100%");

        poller(List.of(target("m", server.getLocalPort(), ""))).start();

        await().atMost(Duration.ofSeconds(5)).until(() -> !events.isEmpty());
        assertThat(events.get(0)).isEqualTo("m TIMEOUT");
    }

    @Test
    void keepsAtMostMaxInFlightPollsOpen() throws Exception {
        ServerSocket server = holdingAgent("");
        FakeAgent quick = track(new FakeAgent("up\n"));
        AgentPoller p = new AgentPoller(List.of(target("slow", server.getLocalPort(), ""), target("quick", quick.port(), "")),
                Duration.ofMillis(300), Duration.ofMillis(300), 1, listener, Ticker.system());
        closeables.add(0, p);

        p.start();

        // The quick agent waits for the held poll to time out: one poll open at a time.
        await().atMost(Duration.ofSeconds(5)).until(() -> events.size() >= 2);
        assertThat(events.subList(0, 2)).containsExactly("slow TIMEOUT", "quick reply 'up'");
    }

    @Test
    void theFirstRoundEndsWhenEveryAgentWasPolledOnceNotAfterAsManyPolls() throws Exception {
        // The quick agent is polled again and again while the held one is still open: those polls
        // must not stand in for the held agent's first one.
        ServerSocket held = holdingAgent("");
        FakeAgent quick = track(new FakeAgent("up\n"));
        AgentPoller p = new AgentPoller(List.of(target("quick", quick.port(), ""), target("held", held.getLocalPort(), "")),
                Duration.ofMillis(20), Duration.ofMillis(1500), 4, listener, Ticker.system());
        closeables.add(0, p);

        p.start();

        await().atMost(Duration.ofSeconds(5)).until(() -> events.size() >= 3);
        assertThat(p.awaitFirstRound(Duration.ZERO)).isFalse();
        assertThat(events).doesNotContain("held TIMEOUT");
        assertThat(p.awaitFirstRound(Duration.ofSeconds(5))).isTrue();
        assertThat(events).contains("held TIMEOUT");
    }

    @Test
    void aListenerThatThrowsIsLoggedAndPollingGoesOn() throws Exception {
        FakeAgent agent = track(new FakeAgent("up\n"));
        AgentPoller p = new AgentPoller(List.of(target("m", agent.port(), "")), Duration.ofMillis(20),
                Duration.ofMillis(300), 1, new AgentPoller.Listener() {
                    @Override
                    public void onReply(String key, String line) {
                        events.add(key + " reply '" + line + "'");
                        throw new IllegalStateException("listener broke");
                    }

                    @Override
                    public void onFailure(String key, AgentFailure failure, String detail) {
                        events.add(key + " " + failure);
                    }
                }, Ticker.system());
        closeables.add(0, p);

        p.start();

        // With room for one poll only, a poll whose listener threw must still have been finished.
        await().atMost(Duration.ofSeconds(5)).until(() -> events.size() >= 3);
        assertThat(events).allMatch(e -> e.equals("m reply 'up'"));
        assertThat(p.awaitFirstRound(Duration.ZERO)).isTrue();
    }

    @Test
    void rejectsAReplyLongerThanABufferWithoutANewline() throws Exception {
        FakeAgent agent = track(new FakeAgent("x".repeat(LineExchange.MAX_LINE + 10)));

        poller(List.of(target("m", agent.port(), ""))).start();

        await().atMost(Duration.ofSeconds(5)).until(() -> !events.isEmpty());
        assertThat(events.get(0)).isEqualTo("m TOO_LONG");
    }

    @Test
    void sendsTheAgentSendStringAndPollsEveryInterval() throws Exception {
        FakeAgent agent = track(new FakeAgent("up\n"));

        poller(List.of(target("m", agent.port(), "hello s200\n"))).start();

        await().atMost(Duration.ofSeconds(5)).until(() -> events.size() >= 3);
        assertThat(agent.lastSent()).isEqualTo("hello s200\n");
        assertThat(events).allMatch(e -> e.equals("m reply 'up'"));
    }

    @Test
    void bindsTheSourceAddress() throws Exception {
        // Linux routes all of 127.0.0.0/8 to lo, so 127.0.0.2 is a valid local source.
        ServerSocket server = track(new ServerSocket(0, 8, InetAddress.getLoopbackAddress()));
        List<InetAddress> peers = new CopyOnWriteArrayList<>();
        Thread t = new Thread(() -> {
            try {
                while (true) {
                    try (Socket s = server.accept()) {
                        peers.add(s.getInetAddress());
                        s.getOutputStream().write("up\n".getBytes(StandardCharsets.US_ASCII));
                    }
                }
            } catch (IOException e) {
                // Server closed at the end of the test.
            }
        });
        t.setDaemon(true);
        t.start();

        poller(List.of(new AgentTarget("m", new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()),
                new SourceAddresses(Ticker.system()).of(Optional.of("127.0.0.2")), ""))).start();

        await().atMost(Duration.ofSeconds(5)).until(() -> !peers.isEmpty());
        assertThat(peers.get(0).getHostAddress()).isEqualTo("127.0.0.2");
    }

    @Test
    void reportsAMissingSourceInterfaceAsAConnectFailure() throws Exception {
        FakeAgent agent = track(new FakeAgent("up\n"));

        poller(List.of(new AgentTarget("m", new InetSocketAddress(InetAddress.getLoopbackAddress(), agent.port()),
                new SourceAddresses(Ticker.system()).of(Optional.of("rxhnosuchif0")), ""))).start();

        await().atMost(Duration.ofSeconds(5)).until(() -> !events.isEmpty());
        assertThat(events.get(0)).isEqualTo("m CONNECT");
        assertThat(agent.connections()).isZero();
    }

    private AgentPoller poller(List<AgentTarget> targets) {
        AgentPoller p = new AgentPoller(targets, Duration.ofMillis(100), Duration.ofMillis(300), 16, listener,
                Ticker.system());
        closeables.add(0, p);
        return p;
    }

    private static AgentTarget target(String key, int port, String send) {
        return new AgentTarget(key, new InetSocketAddress(InetAddress.getLoopbackAddress(), port),
                SourceAddress.any(), send);
    }

    /** An agent that sends {@code partial} and then holds every connection open until the test ends. */
    private ServerSocket holdingAgent(String partial) throws IOException {
        ServerSocket server = track(new ServerSocket(0, 8, InetAddress.getLoopbackAddress()));
        List<Socket> held = new CopyOnWriteArrayList<>();
        Thread t = new Thread(() -> {
            try {
                while (true) {
                    Socket s = server.accept();
                    held.add(s);
                    OutputStream out = s.getOutputStream();
                    out.write(partial.getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                }
            } catch (IOException e) {
                // Server closed at the end of the test.
            }
        });
        t.setDaemon(true);
        t.start();
        closeables.add(() -> {
            for (Socket s : held) {
                s.close();
            }
        });
        return server;
    }

    private <T extends AutoCloseable> T track(T c) {
        closeables.add(c);
        return c;
    }
}
