package io.rxhealth.ovs.health;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.config.ProbeKind;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One member's liveness probe: what to connect to, from where, what to send and how to judge the
 * answer. {@code tcp} passes once connected; {@code http} sends an HTTP/1.0 GET and passes on a
 * 2xx status line. Only the status line is read: HTTP/1.0 with {@code Connection: close} keeps
 * it that simple (and the request is written by hand because the probe must bind the node's hc
 * address, which on Java 17 neither {@code java.net.http.HttpClient} nor
 * {@code HttpURLConnection} can do).
 *
 * @param key    the member key, {@code address:port}
 * @param target where the probe connects
 * @param source the local address to connect from
 * @param kind   tcp or http
 * @param path   the HTTP path ({@code http} only)
 */
public record ProbeTarget(String key, InetSocketAddress target, SourceAddress source, ProbeKind kind, String path) {
    /** Longest status line read; anything longer is not one. */
    static final int MAX_STATUS_LINE = 1024;
    /** "HTTP/1.1 200 OK": the code is the second word. */
    private static final Pattern STATUS_LINE = Pattern.compile("HTTP/\\S* ([0-9]{3})(?: .*)?");

    public ProbeTarget {
        requireNonNull(key, "key");
        requireNonNull(target, "target");
        requireNonNull(source, "source");
        requireNonNull(kind, "kind");
        requireNonNull(path, "path");
    }

    /** Bytes sent once connected. */
    byte[] request() {
        if (kind == ProbeKind.TCP) {
            return new byte[0];
        }
        return ("GET " + path + " HTTP/1.0\r\nHost: " + target.getHostString() + ":" + target.getPort()
                + "\r\nUser-Agent: rx-health-lbd\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** Whether an answer line is awaited; a tcp probe is answered by the connection itself. */
    boolean readsLine() {
        return kind == ProbeKind.HTTP;
    }

    /** The result for the first line read ({@code ""} for a tcp probe once connected). Pure. */
    ProbeResult judge(String line) {
        if (kind == ProbeKind.TCP) {
            return ProbeResult.pass("tcp connect");
        }
        Matcher m = STATUS_LINE.matcher(line);
        if (!m.matches()) {
            return ProbeResult.fail("not an HTTP status line: '" + abbreviate(line) + "'");
        }
        int code = Integer.parseInt(m.group(1));
        return code >= 200 && code < 300 ? ProbeResult.pass("HTTP " + code) : ProbeResult.fail("HTTP " + code);
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }
}
