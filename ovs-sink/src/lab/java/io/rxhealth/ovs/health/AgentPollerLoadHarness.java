package io.rxhealth.ovs.health;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rxhealth.ovs.pool.LbMetrics;
import io.rxhealth.ovs.pool.MemberRuntime;
import io.rxhealth.ovs.pool.MemberSnapshot;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Load harness (not a test): N fake agents on 127.0.x.y, one selector thread serving them all,
 * polled by one {@link AgentPoller} every I ms (default 1000) for D seconds, feeding real member
 * runtimes; N agents at I ms make N * 1000 / I polls a second.
 * Prints polls per second, outcomes, and the CPU of the poller thread, the fake agents' thread
 * and the whole process. {@code ovs-sink/perf/poll-load.py} runs it in a network namespace of its
 * own, with and without connection tracking: on a host whose conntrack table fills, polls time out.
 *
 * <pre>
 * mvn -B -q -pl ovs-sink -am test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
 * java -cp ovs-sink/target/test-classes:ovs-sink/target/classes:weighting/target/classes:$(cat ovs-sink/target/cp.txt) \
 *     io.rxhealth.ovs.health.AgentPollerLoadHarness 10000 60 [1000]
 * </pre>
 */
public final class AgentPollerLoadHarness {
    private static final int PORT = 19_505;

    private AgentPollerLoadHarness() {
    }

    public static void main(String[] args) throws Exception {
        int agents = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        Duration interval = Duration.ofMillis(args.length > 2 ? Long.parseLong(args[2]) : 1_000);

        List<InetSocketAddress> addresses = new ArrayList<>();
        for (int i = 0; i < agents; i++) {
            addresses.add(new InetSocketAddress(InetAddress.getByName("127.0." + (1 + i / 250) + "." + (1 + i % 250)), PORT));
        }
        FakeAgents fakes = new FakeAgents(addresses, "up 75% # load\n".getBytes(StandardCharsets.US_ASCII));
        fakes.start();

        LbMetrics metrics = new LbMetrics(new SimpleMeterRegistry());
        Map<String, MemberRuntime> members = new HashMap<>();
        List<AgentTarget> targets = new ArrayList<>();
        AtomicLong changes = new AtomicLong();
        for (InetSocketAddress a : addresses) {
            String key = a.getAddress().getHostAddress() + ":8080";
            members.put(key, new MemberRuntime(key, MemberSnapshot.initial(2, 3, true), changes::incrementAndGet,
                    metrics, InstantSource.system()));
            targets.add(new AgentTarget(key, a, SourceAddress.any(), ""));
        }
        LongAdder replies = new LongAdder();
        Map<AgentFailure, LongAdder> failures = new EnumMap<>(AgentFailure.class);
        Map<String, LongAdder> details = new java.util.concurrent.ConcurrentHashMap<>();
        for (AgentFailure f : AgentFailure.values()) {
            failures.put(f, new LongAdder());
        }
        Duration timeout = interval.compareTo(Duration.ofSeconds(1)) < 0 ? interval : Duration.ofSeconds(1);
        AgentPoller poller = new AgentPoller(targets, interval, timeout, 4096, new AgentPoller.Listener() {
            @Override
            public void onReply(String key, String line) {
                replies.increment();
                members.get(key).onAgentReply(line);
            }

            @Override
            public void onFailure(String key, AgentFailure failure, String detail) {
                failures.get(failure).increment();
                details.computeIfAbsent(failure + ": " + detail, d -> new LongAdder()).increment();
                members.get(key).onAgentFailure(failure, detail);
            }
        }, Ticker.system());

        poller.start();
        // Let the JIT settle, then measure.
        Thread.sleep(Integer.getInteger("warmup", 5) * 1_000L);
        long pollerThread = HarnessCpu.threadId("rx-agent-poller");
        long serverThread = HarnessCpu.threadId("fake-agents");
        long pollerCpu0 = HarnessCpu.thread(pollerThread);
        long serverCpu0 = HarnessCpu.thread(serverThread);
        long processCpu0 = HarnessCpu.process();
        long replies0 = replies.sum();
        long wall0 = System.nanoTime();
        for (int s = 0; s < seconds; s += 5) {
            long r = replies.sum();
            long f = failures.values().stream().mapToLong(LongAdder::sum).sum();
            Thread.sleep(Math.min(5, seconds - s) * 1_000L);
            System.out.printf("  +%2ds: %d replies, %d failures, %d in flight%n", s + 5, replies.sum() - r,
                    failures.values().stream().mapToLong(LongAdder::sum).sum() - f, poller.inFlight());
        }
        long wall = System.nanoTime() - wall0;
        long pollerCpu = HarnessCpu.thread(pollerThread) - pollerCpu0;
        long serverCpu = HarnessCpu.thread(serverThread) - serverCpu0;
        long processCpu = HarnessCpu.process() - processCpu0;
        long measured = replies.sum() - replies0;
        poller.close();
        fakes.close();

        System.out.printf("agents=%d interval=%s measured=%.1fs%n", agents, interval, wall / 1e9);
        System.out.printf("replies/s=%.0f (target %d/s)%n", measured / (wall / 1e9),
                agents * 1_000L / interval.toMillis());
        System.out.printf("failures=%s changes=%d%n", failures, changes.get());
        details.forEach((detail, n) -> System.out.printf("  %d x %s%n", n.sum(), detail));
        System.out.printf("cpu poller thread=%.3f cores, fake agents thread=%.3f cores, whole process=%.3f cores%n",
                pollerCpu / (double) wall, serverCpu / (double) wall, processCpu / (double) wall);
        System.out.printf("cpu per poll (poller thread)=%.1f us%n", pollerCpu / 1e3 / Math.max(1, measured));
    }

    /** N listening sockets served by one selector thread: accept, write the reply, close. */
    private static final class FakeAgents extends FakeListeners {
        private final byte[] reply;
        private final ByteBuffer buffer;

        FakeAgents(List<InetSocketAddress> addresses, byte[] reply) throws IOException {
            super("fake-agents", addresses, 128);
            this.reply = reply;
            this.buffer = ByteBuffer.allocateDirect(reply.length);
        }

        @Override
        void ready(SelectionKey key) throws IOException {
            SocketChannel c;
            while ((c = ((ServerSocketChannel) key.channel()).accept()) != null) {
                buffer.clear();
                buffer.put(reply).flip();
                c.write(buffer);
                c.close();
            }
        }
    }
}
