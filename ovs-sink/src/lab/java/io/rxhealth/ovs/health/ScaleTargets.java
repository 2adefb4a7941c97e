package io.rxhealth.ovs.health;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Load-harness peers (not a test): the members FROM..FROM+COUNT-1 of {@code perf/scale-load.py}, each
 * an HTTP target on {@code ADDRESS:8080} (answers {@code 200} to the first read, then closes) and an
 * agent on {@code ADDRESS:9505} (writes {@code up 100%} at accept, then closes), ADDRESS being
 * {@link #address(int)}. One selector thread serves them all. Before it prints {@code ready} it
 * asks each of its listeners once itself, so that the daemon's first round meets warm code, as it
 * would meet long-running services. Runs until its standard input closes.
 *
 * <pre>
 * java -cp ... io.rxhealth.ovs.health.ScaleTargets FROM COUNT
 * </pre>
 */
public final class ScaleTargets extends FakeListeners {
    static final int HTTP_PORT = 8080;
    static final int AGENT_PORT = 9505;
    private static final byte[] OK = "HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] UP = "up 100%\n".getBytes(StandardCharsets.US_ASCII);
    /** Listeners come in pairs: even indexes serve HTTP, odd ones the agent. */
    private final ByteBuffer buffer = ByteBuffer.allocate(4096);

    private ScaleTargets(List<InetSocketAddress> listeners) throws IOException {
        super("scale-targets", listeners, 128);
    }

    /** Member {@code i}'s address: 127.0.(1 + i / 250).(1 + i % 250), in the loopback network of the namespace. */
    static String address(int i) {
        return "127.0." + (1 + i / 250) + "." + (1 + i % 250);
    }

    public static void main(String[] args) throws Exception {
        int from = Integer.parseInt(args[0]);
        int count = Integer.parseInt(args[1]);
        List<InetSocketAddress> listeners = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            InetAddress a = InetAddress.getByName(address(i));
            listeners.add(new InetSocketAddress(a, HTTP_PORT));
            listeners.add(new InetSocketAddress(a, AGENT_PORT));
        }
        try (ScaleTargets targets = new ScaleTargets(listeners)) {
            targets.start();
            warmUp(listeners);
            System.out.println("ready " + from + " " + count);
            System.out.flush();
            InputStream in = System.in;
            while (in.read() >= 0) {
                // Runs until the harness closes our standard input (or kills us).
            }
        }
    }

    /** One exchange with every listener, from a blocking client, closed with a reset as the daemon closes. */
    private static void warmUp(List<InetSocketAddress> listeners) throws IOException {
        byte[] request = "GET /healthz HTTP/1.0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        byte[] line = new byte[256];
        for (int i = 0; i < listeners.size(); i++) {
            try (Socket s = new Socket()) {
                s.setSoLinger(true, 0);
                s.connect(listeners.get(i), 5_000);
                s.setSoTimeout(5_000);
                if (i % 2 == 0) {
                    s.getOutputStream().write(request);
                }
                if (s.getInputStream().read(line) <= 0) {
                    throw new IOException(listeners.get(i) + ": no answer during the warm-up");
                }
            }
        }
    }

    @Override
    void ready(SelectionKey key) throws IOException {
        if (key.isAcceptable()) {
            boolean agent = (int) key.attachment() % 2 == 1;
            SocketChannel c;
            while ((c = ((ServerSocketChannel) key.channel()).accept()) != null) {
                c.configureBlocking(false);
                if (agent) {
                    // An agent answers at accept, as the real one does (haproxy-sink writes on accept).
                    try {
                        c.write(ByteBuffer.wrap(UP));
                    } catch (IOException e) {
                        // The poller reset first: nothing to answer.
                    }
                    c.close();
                } else {
                    c.register(selector, SelectionKey.OP_READ);
                }
            }
        } else if (key.isReadable()) {
            SocketChannel c = (SocketChannel) key.channel();
            buffer.clear();
            int n;
            try {
                n = c.read(buffer);
            } catch (IOException e) {
                n = -1;
            }
            if (n > 0) {
                try {
                    c.write(ByteBuffer.wrap(OK));
                } catch (IOException e) {
                    // The prober reset first.
                }
                c.close();
            } else if (n < 0) {
                c.close();
            }
        }
    }
}
