package io.rxhealth.haproxy.bench;

import io.rxhealth.haproxy.AgentCheckServer;
import io.rxhealth.haproxy.Listen;
import io.rxhealth.haproxy.ReplyBoard;
import io.rxhealth.haproxy.SinkOptions;
import io.rxhealth.weighting.Ticker;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An agent-check server for {@link ReplyLoadHarness} in its own JVM. Arguments: {@code [host]
 * [port] [threads]} (default 127.0.0.1 9505 1; port 0 picks one). Prints {@code listening on
 * PORT}; when stopped (SIGTERM or Ctrl-C) prints its counters and the most connections it saw
 * open at once (sampled every millisecond), which shows how close a load came to the cap.
 */
public final class ReplyServerMain {
    private ReplyServerMain() {
    }

    public static void main(String[] args) {
        String host = args.length > 0 ? args[0] : "127.0.0.1";
        int port = args.length > 1 ? Integer.parseInt(args[1]) : Listen.DEFAULT_PORT;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        var replies = new ReplyBoard(ReplyLoadHarness.REPLY);
        var server = AgentCheckServer.start(Listen.bind(host, port), replies,
                SinkOptions.defaults().withThreads(threads), Ticker.system());
        System.out.println("listening on " + server.localAddress().getPort());

        var peak = new AtomicInteger();
        var sampler = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                peak.accumulateAndGet(server.stats().active(), Math::max);
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
            System.out.println(server.stats() + ", peak active " + peak.get());
        }, "agent-check-stop"));
    }
}
