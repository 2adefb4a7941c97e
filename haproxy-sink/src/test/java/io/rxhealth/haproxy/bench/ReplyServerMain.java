package io.rxhealth.haproxy.bench;

import io.rxhealth.haproxy.AgentCheckServer;
import io.rxhealth.haproxy.Listen;
import io.rxhealth.haproxy.ReplyBoard;
import io.rxhealth.haproxy.SinkOptions;

/**
 * An agent-check server for {@link ReplyLoadHarness} in its own JVM. Arguments: {@code [host]
 * [port] [worker threads]} (default 127.0.0.1 9505 1; port 0 picks one). Prints
 * {@code listening on PORT}, then prints its counters when stopped (SIGTERM or Ctrl-C).
 */
public final class ReplyServerMain {
    private ReplyServerMain() {
    }

    public static void main(String[] args) {
        String host = args.length > 0 ? args[0] : "127.0.0.1";
        int port = args.length > 1 ? Integer.parseInt(args[1]) : Listen.DEFAULT_PORT;
        var replies = new ReplyBoard(ReplyLoadHarness.REPLY);
        int workers = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        var server = AgentCheckServer.start(Listen.bind(host, port), replies,
                SinkOptions.defaults().withWorkerThreads(workers));
        System.out.println("listening on " + server.localAddress().getPort());
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            System.out.println(server.stats());
        }, "agent-check-stop"));
    }
}
