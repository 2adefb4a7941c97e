package io.rxhealth.ovs.health;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicReference;

/**
 * An agent-check server on loopback that treats every connection by the {@link Behaviour} current
 * when it was accepted, so HAProxy and the daemon polling it at the same time get the same bytes.
 * Each connection is served on its own task, so a held connection never delays another poller.
 */
final class ScriptedAgent implements AutoCloseable {
    /** How long a held connection stays open at most when the poller does not close it. */
    private static final Duration HOLD = Duration.ofSeconds(3);

    /** What the agent does with one connection. */
    sealed interface Behaviour {
        /** Writes {@code first}, waits {@code pause}, writes {@code rest}, then closes or holds. */
        record Send(byte[] first, Duration pause, byte[] rest, boolean hold) implements Behaviour {
        }

        /** Closes at once without a byte; with a reset instead of a FIN when {@code reset}. */
        record Close(boolean reset) implements Behaviour {
        }
    }

    private final ServerSocket server;
    private final ExecutorService connections;
    private final AtomicReference<Behaviour> behaviour;
    private final Thread acceptor;

    ScriptedAgent(Behaviour initial, ExecutorService connections) throws IOException {
        this.behaviour = new AtomicReference<>(initial);
        this.connections = connections;
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        this.acceptor = new Thread(this::accept, "rxh-scripted-agent-" + server.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return server.getLocalPort();
    }

    void behave(Behaviour next) {
        behaviour.set(next);
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                Behaviour b = behaviour.get();
                connections.execute(() -> serve(s, b));
            } catch (IOException e) {
                // Closed: the loop ends.
            }
        }
    }

    private static void serve(Socket s, Behaviour b) {
        try (s) {
            if (b instanceof Behaviour.Close close) {
                if (close.reset()) {
                    s.setSoLinger(true, 0);
                }
                return;
            }
            if (!(b instanceof Behaviour.Send send)) {
                throw new IllegalStateException("behaviour: " + b);
            }
            OutputStream out = s.getOutputStream();
            out.write(send.first());
            out.flush();
            if (!send.pause().isZero()) {
                Thread.sleep(send.pause().toMillis());
            }
            if (send.rest().length > 0) {
                out.write(send.rest());
                out.flush();
            }
            if (send.hold()) {
                drainUntilClosed(s);
            }
        } catch (IOException e) {
            // The poller went away (it timed out and reset): nothing to serve any more.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Reads (and drops) until the poller closes or {@link #HOLD} is over. */
    private static void drainUntilClosed(Socket s) throws IOException {
        s.setSoTimeout((int) HOLD.toMillis());
        InputStream in = s.getInputStream();
        byte[] buf = new byte[256];
        try {
            while (in.read(buf) >= 0) {
                // Drop whatever the poller sends.
            }
        } catch (SocketTimeoutException e) {
            // Held long enough.
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
