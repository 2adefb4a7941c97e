package io.rxhealth.haproxy.bench;

import static java.nio.charset.StandardCharsets.US_ASCII;

import io.rxhealth.haproxy.AgentCheckServer;
import io.rxhealth.haproxy.AttackMix;
import io.rxhealth.haproxy.Listen;
import io.rxhealth.haproxy.ReplyBoard;
import io.rxhealth.haproxy.SinkOptions;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.ToDoubleFunction;

/**
 * Load harness, not a test: opens agent-check connections at a fixed rate from client threads
 * (each from a source address of its own, 127.0.2.1, 127.0.2.2, ...), reads each reply to
 * the end and records, per connection, the latency from connect to end of stream and how late it
 * started against its schedule, and per run its own CPU time. With {@code --attack} the hostile mix
 * of {@link AttackMix} runs meanwhile from other loopback sources.
 *
 * <p>Options: {@code --target host:port} (default: a server in this JVM), {@code --rate N}
 * connections/s in all (default 10000), {@code --threads N} (default 16), {@code --seconds N} per
 * measured run (default 20), {@code --warmup N} seconds not measured (default 5), {@code --repeats N}
 * measured runs (default 3; the medians are printed last), {@code --attack full|reduced},
 * {@code --expect LINE} the reply every connection must get (default: the line the same-JVM server serves),
 * {@code --expect-prefix TEXT} instead: any one line that starts with TEXT counts (an agent on a busy
 * host says {@code up 50% # load warn: ...} instead of {@code up 100%}; its timing is the same).
 *
 * <p>Each thread keeps to its own schedule and has one connection at a time ({@link LoadClient}).
 * "Schedule lag" is how late a connection started against its schedule: when the harness (or the
 * machine) falls behind, connect-to-EOF alone would hide it. Sixteen threads, because a thread that
 * must finish a connection every 1.6 ms (10,000/s) is idle most of the time and a slow reply does
 * not push its later connections off their schedule; with four threads (0.4 ms each, against a
 * connect-to-EOF p50 of about 0.3 ms) one slow reply left a thread behind for hundreds of
 * milliseconds and the lag measured the harness catching up. "Unanswered" is every connection that
 * did not get the expected reply in full (reset, refused, closed at the 5 s deadline, or a wrong
 * line).
 *
 * <p>Run it with {@code -Xms1200m -Xmn1g}: its own collections then fall between the measured runs.
 *
 * <p>Server in its own JVM with the shipped flags, from the repository root:
 * <pre>
 * mvn -B -q -pl haproxy-sink -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=/tmp/rxh-sink-cp.txt -Dmdep.includeScope=test
 * cd haproxy-sink; CP=target/classes:target/test-classes:$(cat /tmp/rxh-sink-cp.txt)
 * java -XX:+UseSerialGC -Xmx32m -Xss256k -XX:TieredStopAtLevel=1 -cp $CP \
 *     io.rxhealth.haproxy.bench.ReplyServerMain 127.0.0.1 0 &amp;     # prints "listening on PORT"
 * java -XX:+UseSerialGC -Xms1200m -Xmn1g -cp $CP io.rxhealth.haproxy.bench.ReplyLoadHarness \
 *     --target 127.0.0.1:PORT --rate 10000 --seconds 20 --repeats 3
 * </pre>
 */
public final class ReplyLoadHarness {
    static final String REPLY = "up ready 75% # preview: 503 Service Unavailable\n";
    private static final long DEADLINE_NANOS = 5_000_000_000L;

    private ReplyLoadHarness() {
    }

    /** One measured run's figures; latencies in microseconds. */
    record Result(double rate, long answered, long unanswered, double p50, double p99, double p999, double max,
                  double lagP50, double lagP99, double lagMax) {
        String line() {
            return String.format("%,.0f/s answered %d unanswered %d | connect->EOF us p50 %.0f p99 %.0f p99.9 %.0f"
                            + " max %.0f | schedule lag us p50 %.0f p99 %.0f max %.0f", rate, answered, unanswered,
                    p50, p99, p999, max, lagP50, lagP99, lagMax);
        }
    }

    public static void main(String[] args) throws Exception {
        String target = option(args, "--target", null);
        int rate = Integer.parseInt(option(args, "--rate", "10000"));
        int threads = Integer.parseInt(option(args, "--threads", "16"));
        int seconds = Integer.parseInt(option(args, "--seconds", "20"));
        int warmup = Integer.parseInt(option(args, "--warmup", "5"));
        int repeats = Integer.parseInt(option(args, "--repeats", "3"));
        String attackPlan = option(args, "--attack", null);
        // The reply every connection must get: the served line without its newline (a real agent
        // serves its own verdict, e.g. "up 100%").
        String prefix = option(args, "--expect-prefix", null);
        ExpectedReply expected = prefix != null ? new ExpectedReply(prefix.getBytes(US_ASCII), true)
                : new ExpectedReply((option(args, "--expect", REPLY.strip()) + "\n").getBytes(US_ASCII), false);

        AgentCheckServer local = null;
        InetSocketAddress address;
        if (target == null) {
            local = AgentCheckServer.start(Listen.bind("127.0.0.1", 0), new ReplyBoard(REPLY),
                    SinkOptions.defaults(), Ticker.system());
            address = local.localAddress();
        } else {
            int colon = target.lastIndexOf(':');
            address = new InetSocketAddress(target.substring(0, colon),
                    Integer.parseInt(target.substring(colon + 1)));
        }
        System.out.printf("target %s%s, %d connections/s from %d threads, %d s warm-up, %d x %d s measured,"
                        + " attack: %s; load average %s%n", address, local != null ? " (same JVM)" : "", rate,
                threads, warmup, repeats, seconds, attackPlan == null ? "none" : attackPlan, loadAverage());

        AttackMix attack = null;
        if (attackPlan != null) {
            attack = AttackMix.start(address, attackPlan.equals("reduced") ? AttackMix.Plan.reduced()
                    : AttackMix.Plan.full());
        }
        run(address, expected, rate, threads, warmup);
        var results = new ArrayList<Result>();
        for (int r = 0; r < repeats; r++) {
            // Every client socket leaves garbage (channel, descriptor, cleaner): under 1 KiB a
            // connection (two young collections of the default 100 MB eden per 250,000). A young collection in a measured run paused all sixteen clients for 50-120
            // ms on a loaded machine and made the schedule lag's p99 the harness's own pause. Started
            // with an empty young generation larger than a run's garbage (-Xmn1g: 200 MB at
            // 10,000/s for 20 s), a run sees no collection; the report line says if it did.
            System.gc();
            ProcessCpu cpu = ProcessCpu.now();
            Result result = run(address, expected, rate, threads, seconds);
            results.add(result);
            System.out.printf("run %d: %s%n", r + 1, result.line());
            // The harness's own cost: when it nears a core, the schedule lag is the harness's.
            System.out.printf("run %d harness: %s%n", r + 1,
                    ProcessCpu.since(cpu, result.answered() + result.unanswered()));
        }
        if (attack != null) {
            System.out.println(attack.counts());
            attack.close();
        }
        if (local != null) {
            local.close();
            System.out.println(local.stats());
        }
        System.out.printf("median of %d: %s%n", repeats, median(results).line());
        System.out.println("load average after: " + loadAverage());
    }

    private static Result run(InetSocketAddress address, ExpectedReply expected, int rate, int threads, int seconds)
            throws InterruptedException {
        long intervalNanos = (long) threads * 1_000_000_000L / rate;
        long start = System.nanoTime() + 50_000_000L;
        long end = start + seconds * 1_000_000_000L;
        var clients = new ArrayList<LoadClient>();
        for (int t = 0; t < threads; t++) {
            // Threads start staggered so their connections interleave evenly.
            var client = new LoadClient(address, clientSource(t), expected, start + t * intervalNanos / threads,
                    intervalNanos, end);
            clients.add(client);
            client.thread.start();
        }
        var watchdog = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                long deadline = System.nanoTime() - DEADLINE_NANOS;
                clients.forEach(c -> c.expireAt(deadline));
                LockSupport.parkNanos(100_000_000L);
            }
        }, "load-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        for (LoadClient client : clients) {
            client.thread.join();
        }
        watchdog.interrupt();
        var service = new Samples();
        var lag = new Samples();
        long unanswered = 0;
        long firstStart = Long.MAX_VALUE;
        long lastDone = Long.MIN_VALUE;
        for (LoadClient client : clients) {
            firstStart = Math.min(firstStart, client.firstStart);
            lastDone = Math.max(lastDone, client.lastDone);
            service.addAll(client.service);
            lag.addAll(client.lag);
            unanswered += client.unanswered;
        }
        long[] s = service.sorted();
        long[] l = lag.sorted();
        // Achieved rate over the time actually taken: clients that fall behind stretch it.
        double wall = (lastDone - firstStart) / 1e9;
        return new Result((s.length + unanswered) / wall, s.length, unanswered, micros(s, 0.50), micros(s, 0.99),
                micros(s, 0.999), micros(s, 1.0), micros(l, 0.50), micros(l, 0.99), micros(l, 1.0));
    }

    /** Thread {@code t}'s source address: 127.0.2.1, 127.0.2.2, ... (AttackMix uses 127.0.0.4-6 and 127.0.1.x). */
    static InetAddress clientSource(int t) {
        try {
            return InetAddress.getByAddress(new byte[] {127, 0, 2, (byte) (1 + t % 250)});
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    static Result median(List<Result> results) {
        return new Result(med(results, Result::rate), (long) med(results, Result::answered),
                (long) med(results, Result::unanswered), med(results, Result::p50), med(results, Result::p99),
                med(results, Result::p999), med(results, Result::max), med(results, Result::lagP50),
                med(results, Result::lagP99), med(results, Result::lagMax));
    }

    private static double med(List<Result> results, ToDoubleFunction<Result> figure) {
        double[] values = results.stream().mapToDouble(figure).sorted().toArray();
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    private static double micros(long[] sorted, double quantile) {
        return Samples.micros(sorted, quantile);
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static String option(String[] args, String name, String fallback) {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }
}
