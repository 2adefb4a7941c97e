package io.rxhealth.haproxy.bench;

import io.rxhealth.haproxy.AgentCheckServer;
import io.rxhealth.haproxy.Listen;
import io.rxhealth.haproxy.ReplyBoard;
import io.rxhealth.haproxy.SinkOptions;
import io.rxhealth.haproxy.SinkStats;
import io.rxhealth.weighting.Ticker;

/**
 * An agent-check server for {@link ReplyLoadHarness} in its own JVM. Arguments: {@code [host]
 * [port] [threads] [report seconds]} (default 127.0.0.1 9505 1 10; port 0 picks one). Prints
 * {@code listening on PORT}; every report period, the connections taken from the kernel in it and
 * the CPU they cost (user and kernel, per connection), the collections, and where the event loop's
 * time went ({@link LoopWatch}); when stopped (SIGTERM or
 * Ctrl-C) its counters and the most connections it saw open at once (sampled every millisecond),
 * which shows how close a load came to the cap.
 */
public final class ReplyServerMain {
    private ReplyServerMain() {
    }

    public static void main(String[] args) {
        String host = args.length > 0 ? args[0] : "127.0.0.1";
        int port = args.length > 1 ? Integer.parseInt(args[1]) : Listen.DEFAULT_PORT;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        long reportNanos = (args.length > 3 ? Long.parseLong(args[3]) : 10) * 1_000_000_000L;
        var replies = new ReplyBoard(ReplyLoadHarness.REPLY);
        var server = AgentCheckServer.start(Listen.bind(host, port), replies,
                SinkOptions.defaults().withThreads(threads), Ticker.system());
        System.out.println("listening on " + server.localAddress().getPort());

        int[] peak = {0};
        // The loop threads exist once the first task has run on each.
        var watch = new LoopWatch(server.eventLoops(), "agent-check");
        var sampler = new Thread(() -> {
            long nextReport = System.nanoTime() + reportNanos;
            ProcessCpu cpu = ProcessCpu.now();
            long taken = 0;
            while (!Thread.currentThread().isInterrupted()) {
                SinkStats stats = server.stats();
                synchronized (peak) {
                    peak[0] = Math.max(peak[0], stats.active());
                }
                if (System.nanoTime() >= nextReport) {
                    long now = taken(stats);
                    String loop = watch.sinceLast(reportNanos / 1e9);
                    if (now > taken) {
                        System.out.println("last " + reportNanos / 1_000_000_000L + " s: " + ProcessCpu.since(cpu,
                                now - taken) + "; " + loop);
                    }
                    cpu = ProcessCpu.now();
                    taken = now;
                    nextReport += reportNanos;
                }
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "active-sampler");
        sampler.setDaemon(true);
        sampler.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            synchronized (peak) {
                System.out.println(server.stats() + ", peak active " + peak[0]);
            }
        }, "agent-check-stop"));
    }

    /** Every connection taken from the kernel's queue, served or refused. */
    private static long taken(SinkStats s) {
        return s.accepted() + s.rejected() + s.denied() + s.shed();
    }
}
