package io.rxhealth.haproxy.bench;

import static java.nio.charset.StandardCharsets.US_ASCII;

import io.rxhealth.haproxy.AgentCheckServer;
import io.rxhealth.haproxy.Listen;
import io.rxhealth.haproxy.ReplyBoard;
import io.rxhealth.haproxy.SinkOptions;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Load harness, not a test: opens agent-check connections at a fixed rate from a few client
 * threads, reads each reply to the end and records the latency from connect to end of stream.
 * Prints replies/s, percentiles and errors.
 *
 * <p>Options: {@code --target host:port} (default: a server in this JVM), {@code --rate N}
 * connections/s in all (default 12000), {@code --threads N} (default 4), {@code --seconds N}
 * measured (default 20), {@code --warmup N} seconds not measured (default 5), {@code --expect LINE}
 * the reply every connection must get (default: the line the same-JVM server serves).
 *
 * <p>Each thread keeps to its own schedule. A connection that starts late because the one before
 * it was slow is also measured from when it should have started ("from schedule"), so a stall is
 * not hidden by the requests it delayed.
 *
 * <p>Server in its own JVM with the shipped flags, from the repository root:
 * <pre>
 * mvn -B -q -pl haproxy-sink -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=/tmp/sink-cp.txt -Dmdep.includeScope=test
 * cd haproxy-sink; CP=target/classes:target/test-classes:$(cat /tmp/sink-cp.txt)
 * java -XX:+UseSerialGC -Xmx32m -Xss256k -XX:TieredStopAtLevel=1 -cp $CP \
 *     io.rxhealth.haproxy.bench.ReplyServerMain 127.0.0.1 0 &amp;     # prints "listening on PORT"
 * java -XX:+UseSerialGC -cp $CP io.rxhealth.haproxy.bench.ReplyLoadHarness \
 *     --target 127.0.0.1:PORT --rate 12000 --threads 4 --seconds 20
 * </pre>
 * Both in Maven's JVM: {@code mvn -q -pl haproxy-sink -am test-compile exec:java -Dexec.skip
 * -Dexec.mainClass=io.rxhealth.haproxy.bench.ReplyLoadHarness -Dexec.args="--seconds 20"}.
 */
public final class ReplyLoadHarness {
    static final String REPLY = "up ready 75% # preview: 503 Service Unavailable\n";

    private ReplyLoadHarness() {
    }

    public static void main(String[] args) throws Exception {
        String target = option(args, "--target", null);
        int rate = Integer.parseInt(option(args, "--rate", "12000"));
        int threads = Integer.parseInt(option(args, "--threads", "4"));
        int seconds = Integer.parseInt(option(args, "--seconds", "20"));
        int warmup = Integer.parseInt(option(args, "--warmup", "5"));
        // The reply every connection must get: the served line without its newline (a real agent
        // serves its own verdict, e.g. "up 100%").
        byte[] expected = (option(args, "--expect", REPLY.strip()) + "\n").getBytes(US_ASCII);

        AgentCheckServer local = null;
        InetSocketAddress address;
        if (target == null) {
            local = AgentCheckServer.start(Listen.bind("127.0.0.1", 0), new ReplyBoard(REPLY),
                    SinkOptions.defaults());
            address = local.localAddress();
        } else {
            int colon = target.lastIndexOf(':');
            address = new InetSocketAddress(target.substring(0, colon),
                    Integer.parseInt(target.substring(colon + 1)));
        }
        System.out.printf("target %s%s, %d connections/s from %d threads, %d s warm-up, %d s measured%n",
                address, local != null ? " (same JVM)" : "", rate, threads, warmup, seconds);

        long intervalNanos = (long) threads * 1_000_000_000L / rate;
        long start = System.nanoTime() + 100_000_000L;
        long measureFrom = start + warmup * 1_000_000_000L;
        long end = measureFrom + seconds * 1_000_000_000L;
        var clients = new ArrayList<Client>();
        for (int t = 0; t < threads; t++) {
            // Threads start staggered so their connections interleave evenly.
            var client = new Client(address, expected, start + t * intervalNanos / threads, intervalNanos,
                    measureFrom, end);
            clients.add(client);
            client.thread.start();
        }
        for (Client client : clients) {
            client.thread.join();
        }
        if (local != null) {
            local.close();
            System.out.println(local.stats());
        }
        report(clients, seconds);
    }

    private static void report(List<Client> clients, int seconds) {
        var service = new LongList();
        var fromSchedule = new LongList();
        long errors = 0;
        long wrong = 0;
        long firstStart = Long.MAX_VALUE;
        long lastDone = Long.MIN_VALUE;
        for (Client client : clients) {
            firstStart = Math.min(firstStart, client.firstMeasuredStart);
            lastDone = Math.max(lastDone, client.lastMeasuredDone);
            service.addAll(client.service);
            fromSchedule.addAll(client.fromSchedule);
            errors += client.errors;
            wrong += client.wrongReplies;
        }
        long[] s = service.sorted();
        long[] f = fromSchedule.sorted();
        // Achieved rate over the time actually taken: clients that fall behind stretch it.
        double wall = (lastDone - firstStart) / 1e9;
        System.out.printf("replies: %d in %.1f s = %.0f/s (scheduled %d s); errors: %d;"
                + " wrong replies: %d%n", s.length, wall, s.length / wall, seconds, errors, wrong);
        System.out.printf("connect->EOF   us: p50 %s  p90 %s  p99 %s  p99.9 %s  max %s%n",
                micros(s, 0.50), micros(s, 0.90), micros(s, 0.99), micros(s, 0.999), micros(s, 1.0));
        System.out.printf("from schedule  us: p50 %s  p90 %s  p99 %s  p99.9 %s  max %s%n",
                micros(f, 0.50), micros(f, 0.90), micros(f, 0.99), micros(f, 0.999), micros(f, 1.0));
    }

    private static String micros(long[] sorted, double quantile) {
        if (sorted.length == 0) {
            return "-";
        }
        int index = (int) Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1);
        return String.format("%.0f", sorted[Math.max(0, index)] / 1_000.0);
    }

    private static String option(String[] args, String name, String fallback) {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }

    /** One client thread: connect, read to EOF, close, on its own schedule. */
    private static final class Client implements Runnable {
        private final InetSocketAddress address;
        private final long firstStart;
        private final long intervalNanos;
        private final long measureFrom;
        private final long end;
        private final byte[] expected;
        private final byte[] buffer = new byte[1024];
        final LongList service = new LongList();
        final LongList fromSchedule = new LongList();
        final Thread thread = new Thread(this, "load-client");
        long errors;
        long wrongReplies;
        long firstMeasuredStart = Long.MAX_VALUE;
        long lastMeasuredDone = Long.MIN_VALUE;

        Client(InetSocketAddress address, byte[] expected, long firstStart, long intervalNanos, long measureFrom,
               long end) {
            this.address = address;
            this.expected = expected;
            this.firstStart = firstStart;
            this.intervalNanos = intervalNanos;
            this.measureFrom = measureFrom;
            this.end = end;
        }

        @Override
        public void run() {
            for (long scheduled = firstStart; scheduled < end; scheduled += intervalNanos) {
                long now;
                while ((now = System.nanoTime()) < scheduled) {
                    LockSupport.parkNanos(scheduled - now);
                }
                boolean measured = scheduled >= measureFrom;
                if (measured) {
                    firstMeasuredStart = Math.min(firstMeasuredStart, now);
                }
                try {
                    boolean right = fetch();
                    long done = System.nanoTime();
                    if (measured) {
                        lastMeasuredDone = done;
                        service.add(done - now);
                        fromSchedule.add(done - scheduled);
                        if (!right) {
                            wrongReplies++;
                        }
                    }
                } catch (IOException e) {
                    if (measured) {
                        errors++;
                    }
                }
            }
        }

        private boolean fetch() throws IOException {
            try (var socket = new Socket()) {
                socket.setSoTimeout(5_000);
                socket.connect(address, 5_000);
                InputStream in = socket.getInputStream();
                int length = 0;
                for (int n; (n = in.read(buffer, length, buffer.length - length)) > 0; ) {
                    length += n;
                }
                return Arrays.equals(buffer, 0, length, expected, 0, expected.length);
            }
        }
    }

    /** A growable list of longs, sorted once at the end: an exact histogram. */
    private static final class LongList {
        private long[] values = new long[1 << 16];
        private int size;

        void add(long value) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = value;
        }

        void addAll(LongList other) {
            for (int i = 0; i < other.size; i++) {
                add(other.values[i]);
            }
        }

        long[] sorted() {
            long[] copy = Arrays.copyOf(values, size);
            Arrays.sort(copy);
            return copy;
        }
    }
}
