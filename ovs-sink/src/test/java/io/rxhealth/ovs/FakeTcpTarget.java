package io.rxhealth.ovs;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP liveness target on one loopback address: accepts and closes every connection and counts
 * them. {@link #stop()} closes the listener (probes get "connection refused"), {@link #resume()}
 * listens again on the same address and port.
 */
public final class FakeTcpTarget implements AutoCloseable {
    private final InetAddress address;
    private final AtomicInteger accepted = new AtomicInteger();
    private volatile ServerSocket server;
    private int port;

    /** Listens on {@code address} at a free port. */
    public FakeTcpTarget(InetAddress address) throws IOException {
        this.address = address;
        listen(0);
    }

    private synchronized void listen(int at) throws IOException {
        ServerSocket s = new ServerSocket();
        // The same port again after stop(): accepted connections may still be in TIME_WAIT.
        s.setReuseAddress(true);
        s.bind(new InetSocketAddress(address, at), 64);
        server = s;
        port = s.getLocalPort();
        Thread thread = new Thread(() -> serve(s), "fake-tcp-" + address.getHostAddress() + ":" + port);
        thread.setDaemon(true);
        thread.start();
    }

    private void serve(ServerSocket s) {
        while (!s.isClosed()) {
            try (Socket c = s.accept()) {
                accepted.incrementAndGet();
            } catch (IOException e) {
                // Closed by stop(), or a prober that went away: the loop ends or goes on.
            }
        }
    }

    public synchronized int port() {
        return port;
    }

    /** Connections accepted so far: the probes that reached this target. */
    public int accepted() {
        return accepted.get();
    }

    /** Stops listening: probes are refused until {@link #resume()}. */
    public synchronized void stop() throws IOException {
        server.close();
    }

    /** Listens again on the same address and port. */
    public synchronized void resume() throws IOException {
        if (!server.isClosed()) {
            return;
        }
        listen(port);
    }

    @Override
    public void close() throws IOException {
        stop();
    }
}
