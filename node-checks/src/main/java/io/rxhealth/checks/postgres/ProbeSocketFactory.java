package io.rxhealth.checks.postgres;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import javax.net.SocketFactory;

/**
 * The driver's socket factory for a probe ({@code socketFactory} property, with the probe's
 * {@link ProbeSockets} key as {@code socketFactoryArg}): every socket the driver opens is known to
 * the probe's {@link ProbeTrace}, which times its TCP connect and can close it at the deadline.
 * Public with a String constructor because the driver instantiates it by reflection.
 */
public final class ProbeSocketFactory extends SocketFactory {
    private final ProbeTrace trace;

    public ProbeSocketFactory(String key) {
        this.trace = ProbeSockets.lookup(key);
    }

    @Override
    public Socket createSocket() throws IOException {
        if (trace == null) {
            // The probe ended (its deadline passed) before the driver got here.
            throw new IOException("probe already ended");
        }
        Socket socket = new TracedSocket(trace);
        trace.opened(socket);
        return socket;
    }

    // The driver only calls createSocket() and then connect(); these exist for the API's sake.
    @Override
    public Socket createSocket(String host, int port) throws IOException {
        Socket s = createSocket();
        s.connect(new InetSocketAddress(host, port));
        return s;
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return createSocket(host, port);
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        Socket s = createSocket();
        s.connect(new InetSocketAddress(host, port));
        return s;
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return createSocket(address, port);
    }

    /** A socket whose connect is timed into the trace. */
    private static final class TracedSocket extends Socket {
        private final ProbeTrace trace;

        TracedSocket(ProbeTrace trace) {
            this.trace = trace;
        }

        @Override
        public void connect(SocketAddress endpoint, int timeout) throws IOException {
            trace.connecting();
            long start = trace.ticker().nanos();
            super.connect(endpoint, timeout);
            trace.connected(endpoint, trace.ticker().nanos() - start);
        }
    }
}
