package io.rxhealth.ovs.fleet;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A liveness target on 127.0.0.1 whose {@code /healthz} answers 200, but 503 to the client
 * addresses told to fail: a fault between one LB node (one source address) and one member.
 */
final class SourceFaultTarget implements AutoCloseable {
    private final HttpServer server;
    private final Set<String> failing = ConcurrentHashMap.newKeySet();

    SourceFaultTarget() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext("/healthz", ex -> {
            boolean fail = failing.contains(ex.getRemoteAddress().getAddress().getHostAddress());
            ex.sendResponseHeaders(fail ? 503 : 200, -1);
            ex.close();
        });
        server.start();
    }

    void fail(String source) {
        failing.add(source);
    }

    int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
