package io.rxhealth.ovs.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.weighting.Ticker;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The loop's first round when opening the exchanges takes longer than the timeout (a cold JVM or a
 * busy host opening 10,000 at once): the ticker jumps ahead at every open, as if each connect took
 * 300 ms, and each open waits until the previous target has answered, so every answer but the last
 * is in its socket before the loop first looks. A target that answered in time must pass, whatever
 * the opening of the others cost; before the fix every target but the last two failed here.
 */
class ExchangeLoopIT {
    private static final Duration TIMEOUT = Duration.ofSeconds(1);
    private static final long OPEN_COST = Duration.ofMillis(300).toNanos();

    @Test
    void aSlowFirstRoundFailsNoTargetThatAnsweredInTime() throws Exception {
        int targets = 10;
        try (AnsweringServer agent = new AnsweringServer()) {
            AtomicLong skew = new AtomicLong();
            Ticker ticker = () -> System.nanoTime() + skew.get();
            Map<Integer, String> outcomes = new ConcurrentHashMap<>();
            InetSocketAddress remote = new InetSocketAddress("127.0.0.1", agent.port());
            try (ExchangeLoop loop = new ExchangeLoop("rxh-test-loop", targets, Duration.ofSeconds(60), TIMEOUT, targets,
                    (i, deadline) -> {
                        agent.awaitServed(i);
                        skew.addAndGet(OPEN_COST); // 10 opens: 3 s, three timeouts' worth
                        return new LineExchange(remote, SourceAddress.any(), new byte[0], true, 64, deadline,
                                new LineExchange.Outcome() {
                                    @Override
                                    public void answered(String line) {
                                        outcomes.put(i, line);
                                    }

                                    @Override
                                    public void failed(AgentFailure failure, String detail) {
                                        outcomes.put(i, failure + ": " + detail);
                                    }
                                });
                    }, ticker)) {
                loop.start();
                assertThat(loop.awaitFirstRound(Duration.ofSeconds(10))).isTrue();
            }
            assertThat(outcomes).hasSize(targets);
            assertThat(outcomes.values()).as("outcome per target").containsOnly("up 100%");
        }
    }

    /** Accepts and answers {@code up 100%} at once; counts the answers written. */
    private static final class AnsweringServer implements AutoCloseable {
        private final java.net.ServerSocket server;
        private final java.util.concurrent.atomic.AtomicInteger served = new java.util.concurrent.atomic.AtomicInteger();

        AnsweringServer() throws java.io.IOException {
            server = new java.net.ServerSocket(0, 64, java.net.InetAddress.getByName("127.0.0.1"));
            Thread t = new Thread(() -> {
                while (!server.isClosed()) {
                    try (java.net.Socket s = server.accept()) {
                        s.getOutputStream().write("up 100%\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                        served.incrementAndGet();
                    } catch (java.io.IOException e) {
                        // Closed, or the client reset first: serve the next one.
                    }
                }
            }, "rxh-test-answering");
            t.setDaemon(true);
            t.start();
        }

        int port() {
            return server.getLocalPort();
        }

        /** Waits (5 s at most) until {@code count} answers are written. */
        void awaitServed(int count) {
            long end = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (served.get() < count && System.nanoTime() < end) {
                java.util.concurrent.locks.LockSupport.parkNanos(100_000);
            }
        }

        @Override
        public void close() throws java.io.IOException {
            server.close();
        }
    }

    @Test
    void aTargetThatNeverAnswersStillTimesOutOnTime() throws Exception {
        try (java.net.ServerSocket silent = new java.net.ServerSocket(0, 8,
                java.net.InetAddress.getByName("127.0.0.1"))) {
            Map<Integer, String> outcomes = new ConcurrentHashMap<>();
            InetSocketAddress remote = new InetSocketAddress("127.0.0.1", silent.getLocalPort());
            long started = System.nanoTime();
            try (ExchangeLoop loop = new ExchangeLoop("rxh-test-loop", 1, Duration.ofSeconds(60),
                    Duration.ofMillis(200), 1, (i, deadline) -> new LineExchange(remote, SourceAddress.any(),
                    new byte[0], true, 64, deadline, new LineExchange.Outcome() {
                        @Override
                        public void answered(String line) {
                            outcomes.put(i, line);
                        }

                        @Override
                        public void failed(AgentFailure failure, String detail) {
                            outcomes.put(i, failure + ": " + detail);
                        }
                    }), Ticker.system())) {
                loop.start();
                assertThat(loop.awaitFirstRound(Duration.ofSeconds(5))).isTrue();
            }
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
            assertThat(List.copyOf(outcomes.values())).containsExactly("TIMEOUT: no reply within the timeout");
        }
    }
}
