package io.rxhealth.ovs.health;

import static java.util.Objects.requireNonNull;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Passes when {@code GET path} answers a 2xx status within the timeout (connect included).
 *
 * <p>A hand-written HTTP/1.0 request over a plain {@link Socket}: the probe must leave from the
 * node's hc address, and on Java 17 neither {@code java.net.http.HttpClient} (its
 * {@code localAddress} came in JDK 19) nor {@code HttpURLConnection} can bind a source address.
 * Only the status line is read; HTTP/1.0 with {@code Connection: close} keeps it that simple.
 */
final class HttpProbe implements LivenessProbe {
    private static final int MAX_STATUS_LINE = 1024;

    private final InetSocketAddress target;
    private final String path;
    private final SourceAddress source;
    private final long timeoutNanos;

    HttpProbe(InetSocketAddress target, String path, SourceAddress source, Duration timeout) {
        this.target = requireNonNull(target, "target");
        this.path = requireNonNull(path, "path");
        this.source = requireNonNull(source, "source");
        this.timeoutNanos = timeout.toNanos();
    }

    @Override
    public ProbeResult run() throws Exception {
        long deadline = System.nanoTime() + timeoutNanos;
        InetAddress local = source.resolve();
        try (Socket socket = new Socket()) {
            if (local != null) {
                socket.bind(new InetSocketAddress(local, 0));
            }
            socket.connect(target, remainingMillis(deadline));
            OutputStream out = socket.getOutputStream();
            String host = target.getHostString() + ":" + target.getPort();
            out.write(("GET " + path + " HTTP/1.0\r\nHost: " + host
                    + "\r\nUser-Agent: rx-health-lbd\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String status = readStatusLine(socket, deadline);
            int code = statusCode(status);
            String detail = "HTTP " + code;
            return code >= 200 && code < 300 ? ProbeResult.pass(detail) : ProbeResult.fail(detail);
        }
    }

    private static String readStatusLine(Socket socket, long deadline) throws IOException {
        // Buffered: one read per segment, not one system call per byte.
        InputStream in = new BufferedInputStream(socket.getInputStream(), 256);
        StringBuilder line = new StringBuilder();
        while (line.length() < MAX_STATUS_LINE) {
            socket.setSoTimeout(remainingMillis(deadline));
            int b = in.read();
            if (b < 0 || b == '\n') {
                break;
            }
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }

    static int statusCode(String statusLine) throws IOException {
        // "HTTP/1.1 200 OK": the code is the second word.
        String[] words = statusLine.split(" ", 3);
        if (words.length < 2 || !words[0].startsWith("HTTP/") || !words[1].matches("[0-9]{3}")) {
            throw new IOException("not an HTTP status line: '" + abbreviate(statusLine) + "'");
        }
        return Integer.parseInt(words[1]);
    }

    private static int remainingMillis(long deadline) throws SocketTimeoutException {
        long left = (deadline - System.nanoTime()) / 1_000_000;
        if (left <= 0) {
            throw new SocketTimeoutException("probe timed out");
        }
        return (int) Math.min(Integer.MAX_VALUE, left);
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }
}
