package io.rxhealth.ovs.fake;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/** A liveness target on loopback: {@code /healthz} answers the current status and counts hits. */
public final class FakeHttpTarget implements AutoCloseable {
    private final HttpServer server;
    private final AtomicInteger status = new AtomicInteger(200);
    private final AtomicInteger hits = new AtomicInteger();
    private final AtomicReference<InetAddress> lastClient = new AtomicReference<>();

    public FakeHttpTarget() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext("/healthz", ex -> {
            hits.incrementAndGet();
            lastClient.set(ex.getRemoteAddress().getAddress());
            ex.sendResponseHeaders(status.get(), -1);
            ex.close();
        });
        server.start();
    }

    public void status(int code) {
        status.set(code);
    }

    public int hits() {
        return hits.get();
    }

    public InetAddress lastClient() {
        return lastClient.get();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
