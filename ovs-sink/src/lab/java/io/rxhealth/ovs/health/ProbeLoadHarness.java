package io.rxhealth.ovs.health;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rxhealth.ovs.config.MemberConfig;
import io.rxhealth.ovs.config.ProbeConfig;
import io.rxhealth.ovs.config.ProbeKind;
import io.rxhealth.ovs.pool.LbMetrics;
import io.rxhealth.ovs.pool.MemberRuntime;
import io.rxhealth.ovs.pool.MemberSnapshot;
import io.rxhealth.weighting.RiseFallState;
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
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Load harness (not a test): how long the daemon takes to see members go dark. N fake HTTP
 * targets on 127.0.x.y:18080 (one selector thread) are probed by the daemon's ProbeScheduler at
 * the default timing (every 2 s, timeout 1 s, fall 3) into real member runtimes. After a steady
 * phase the first D targets stop answering (they accept and never reply, as a hung service
 * does); the harness reports when each of them went DOWN, and whether any other did.
 *
 * <pre>
 * mvn -B -q -pl ovs-sink -am test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
 * java -cp ovs-sink/target/test-classes:ovs-sink/target/classes:weighting/target/classes:$(cat ovs-sink/target/cp.txt) \
 *     io.rxhealth.ovs.health.ProbeLoadHarness 2000 500 [steady seconds, 10] [http|tcp] [source address]
 * </pre>
 * A tcp probe passes on connect, so a dark tcp target is one that refuses no connection but is
 * never probed into failing; run tcp with 0 dark members, to watch the steady phase (a source
 * address makes every probe bind it, as with {@code source} in the configuration).
 */
public final class ProbeLoadHarness {
    private static final int PORT = 18_080;
    private static final Duration INTERVAL = Duration.ofSeconds(2);
    private static final Duration TIMEOUT = Duration.ofSeconds(1);
    private static final int RISE = 2;
    private static final int FALL = 3;

    private ProbeLoadHarness() {
    }

    public static void main(String[] args) throws Exception {
        // Every member's transition is logged at info; the report below is what matters here.
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        int members = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
        int dark = args.length > 1 ? Integer.parseInt(args[1]) : 500;
        int steady = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        ProbeKind kind = args.length > 3 ? ProbeKind.valueOf(args[3].toUpperCase(java.util.Locale.ROOT)) : ProbeKind.HTTP;
        Optional<String> source = args.length > 4 ? Optional.of(args[4]) : Optional.empty();

        SourceAddresses sources = new SourceAddresses(Ticker.system());
        List<InetSocketAddress> addresses = new ArrayList<>();
        List<ProbeTarget> targets = new ArrayList<>();
        for (int i = 0; i < members; i++) {
            String ip = "127.0." + (1 + i / 250) + "." + (1 + i % 250);
            addresses.add(new InetSocketAddress(InetAddress.getByName(ip), PORT));
            targets.add(Probes.of(new MemberConfig(ip, PORT, 100, OptionalInt.empty(), "",
                    new ProbeConfig(kind, PORT, kind == ProbeKind.HTTP ? "/healthz" : ""), source), sources));
        }
        FakeTargets fakes = new FakeTargets(addresses, dark);
        fakes.start();

        LbMetrics metrics = new LbMetrics(new SimpleMeterRegistry());
        MemberRuntime[] runtimes = new MemberRuntime[members];
        long[] downAt = new long[members];
        for (int i = 0; i < members; i++) {
            int index = i;
            runtimes[i] = new MemberRuntime(targets.get(i).key(), MemberSnapshot.initial(RISE, FALL, false), () -> {
                if (runtimes[index].snapshot().probe().state() == RiseFallState.DOWN && downAt[index] == 0) {
                    downAt[index] = System.nanoTime();
                }
            }, metrics, InstantSource.system());
        }
        ProbeScheduler scheduler = new ProbeScheduler(targets, INTERVAL, TIMEOUT, members,
                (key, result) -> runtimes[index(key)].onProbe(result), Ticker.system());
        scheduler.start();
        scheduler.awaitFirstRound(TIMEOUT.plusSeconds(1));
        long probeThread = HarnessCpu.threadId("rx-probes");

        long cpu0 = HarnessCpu.thread(probeThread);
        long process0 = HarnessCpu.process();
        long wall0 = System.nanoTime();
        Thread.sleep(steady * 1_000L);
        long steadyCpu = HarnessCpu.thread(probeThread) - cpu0;
        long steadyProcess = HarnessCpu.process() - process0;
        long steadyWall = System.nanoTime() - wall0;
        long upBefore = Arrays.stream(runtimes).filter(r -> r.snapshot().probe().state() == RiseFallState.UP).count();
        String someFailure = Arrays.stream(runtimes).filter(r -> r.snapshot().probe().state() != RiseFallState.UP)
                .map(r -> r.key() + ": " + r.snapshot().probeDetail()).findFirst().orElse("none");

        long darkAt = System.nanoTime();
        fakes.goDark();
        long cpu1 = HarnessCpu.thread(probeThread);
        long limit = darkAt + Duration.ofSeconds(120).toNanos();
        while (System.nanoTime() < limit && Arrays.stream(downAt, 0, dark).anyMatch(t -> t == 0)) {
            Thread.sleep(100);
        }
        long darkWall = System.nanoTime() - darkAt;
        long darkCpu = HarnessCpu.thread(probeThread) - cpu1;
        int openAtEnd = scheduler.inFlight();
        scheduler.close();
        fakes.close();

        double[] seconds = Arrays.stream(downAt, 0, dark).filter(t -> t != 0).mapToDouble(t -> (t - darkAt) / 1e9)
                .sorted().toArray();
        long othersDown = Arrays.stream(downAt, dark, members).filter(t -> t != 0).count();
        System.out.printf("members=%d dark=%d %s probes from %s every %s, timeout %s, fall %d%n", members, dark, kind, source.orElse("any"), INTERVAL, TIMEOUT, FALL);
        System.out.printf("steady: %d of %d UP, probe thread %.3f cores (%.1f us/probe), whole process %.3f cores%n",
                upBefore, members, steadyCpu / (double) steadyWall,
                steadyCpu / 1e3 / (members * steadyWall / (double) INTERVAL.toNanos()), steadyProcess / (double) steadyWall);
        System.out.printf("steady: first member not UP: %s%n", someFailure);
        System.out.printf("dark members DOWN: %d of %d; after %.1f s (first), %.1f s (median), %.1f s (last)%n",
                seconds.length, dark, seconds.length > 0 ? seconds[0] : Double.NaN,
                seconds.length > 0 ? seconds[seconds.length / 2] : Double.NaN,
                seconds.length > 0 ? seconds[seconds.length - 1] : Double.NaN);
        System.out.printf("other members DOWN meanwhile: %d; probe thread while dark %.3f cores; probes open at the end %d%n",
                othersDown, darkCpu / (double) darkWall, openAtEnd);
    }

    /** Member index from its key 127.0.A.B:18080. */
    private static int index(String key) {
        String[] octets = key.substring(0, key.indexOf(':')).split("\\.");
        return (Integer.parseInt(octets[2]) - 1) * 250 + Integer.parseInt(octets[3]) - 1;
    }

    /**
     * HTTP targets on one selector thread: read the request, answer 200 and close; once dark, the
     * first {@code dark} of them read the request and never answer (the prober's timeout closes).
     */
    private static final class FakeTargets extends FakeListeners {
        private static final byte[] OK = "HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        private final ByteBuffer buffer = ByteBuffer.allocate(4096);
        private final int dark;
        private volatile boolean isDark;

        FakeTargets(List<InetSocketAddress> addresses, int dark) throws IOException {
            super("fake-targets", addresses, 1024);
            this.dark = dark;
        }

        void goDark() {
            isDark = true;
        }

        @Override
        void ready(SelectionKey key) throws IOException {
            if (key.isAcceptable()) {
                SocketChannel c;
                while ((c = ((ServerSocketChannel) key.channel()).accept()) != null) {
                    c.configureBlocking(false);
                    c.register(selector, SelectionKey.OP_READ, key.attachment());
                }
            } else if (key.isReadable()) {
                SocketChannel c = (SocketChannel) key.channel();
                buffer.clear();
                int n;
                try {
                    n = c.read(buffer);
                } catch (IOException e) {
                    n = -1;
                }
                if (n < 0) {
                    c.close();
                } else if (!(isDark && (int) key.attachment() < dark)) {
                    c.write(ByteBuffer.wrap(OK));
                    c.close();
                }
            }
        }
    }
}
