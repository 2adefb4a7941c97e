package io.rxhealth.ovs.fake;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/** An agent-check server on loopback that answers every connection with the current bytes and closes. */
public final class FakeAgent implements AutoCloseable {
    private final ServerSocket server;
    private final AtomicReference<String> reply;
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicReference<String> lastSent = new AtomicReference<>("");
    private final Thread thread;

    public FakeAgent(String reply) throws IOException {
        this(reply, InetAddress.getLoopbackAddress());
    }

    public FakeAgent(String reply, InetAddress address) throws IOException {
        this.reply = new AtomicReference<>(reply);
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(address, 0), 256);
        this.thread = new Thread(this::serve, "fake-agent-" + server.getLocalPort());
        thread.setDaemon(true);
        thread.start();
    }

    /** What the next connections get, sent as is (include the line end). */
    public void reply(String bytes) {
        reply.set(bytes);
    }

    public int port() {
        return server.getLocalPort();
    }

    public int connections() {
        return connections.get();
    }

    /** What the last poller sent before it got its reply (agent-send). */
    public String lastSent() {
        return lastSent.get();
    }

    private void serve() {
        while (!server.isClosed()) {
            try (Socket s = server.accept()) {
                connections.incrementAndGet();
                s.setSoTimeout(20);
                try {
                    byte[] buf = new byte[256];
                    int n = s.getInputStream().read(buf);
                    if (n > 0) {
                        lastSent.set(new String(buf, 0, n, StandardCharsets.ISO_8859_1));
                    }
                } catch (java.net.SocketTimeoutException e) {
                    // Nothing sent: HAProxy without agent-send sends nothing.
                }
                OutputStream out = s.getOutputStream();
                out.write(reply.get().getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
            } catch (IOException e) {
                // Closed, or a poller that went away: keep serving until closed.
            }
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
