package io.rxhealth.checks.http;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.URL;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * What every {@link HttpEndpointCheck} of an application shares: one {@link HttpConnector} per
 * {@link Tls} choice (its TLS socket factory is built once, not per probe) and the
 * {@link Deadlines} thread that ends probes at their timeout. Create one per application and pass
 * it to every check. Thread-safe.
 *
 * <p>The transport is the JDK's {@link HttpURLConnection}: unlike {@code java.net.http} it sets up
 * no TLS context or CA store for plain {@code http://} endpoints, and it needs no executor or
 * selector thread of its own; idle connections stay in the JDK's keep-alive cache.
 */
public final class HttpClients {
    /**
     * JDK switch that lets a connection set restricted headers such as Host; read once, when
     * {@link HttpURLConnection}'s implementation first loads.
     */
    public static final String RESTRICTED_HEADERS_PROPERTY = "sun.net.http.allowRestrictedHeaders";

    private final ConcurrentMap<Tls, HttpConnector> connectors = new ConcurrentHashMap<>();
    private final Deadlines deadlines = new Deadlines();

    /**
     * The connector for {@code tls}, built on first use. Throws {@link IllegalArgumentException}
     * when a CA file cannot be read; nothing is cached then, so a fixed file is picked up next time.
     */
    HttpConnector connectorFor(Tls tls) {
        requireNonNull(tls, "tls");
        return connectors.computeIfAbsent(tls, HttpConnector::of);
    }

    Deadlines deadlines() {
        return deadlines;
    }

    /**
     * Lets endpoints set their own Host header. {@link HttpURLConnection} silently drops it unless
     * {@value #RESTRICTED_HEADERS_PROPERTY} is {@code true} when its implementation first loads, so
     * the application calls this first thing in {@code main} (or starts the JVM with
     * {@code -Dsun.net.http.allowRestrictedHeaders=true}).
     *
     * @throws IllegalStateException when HttpURLConnection was already in use without the switch
     */
    public static void allowHostHeader() {
        System.setProperty(RESTRICTED_HEADERS_PROPERTY, "true");
        if (!hostHeaderAllowed()) {
            throw new IllegalStateException(RESTRICTED_HEADERS_PROPERTY + ": true set too late (expected: before the "
                    + "first use of HttpURLConnection in this JVM, or -D" + RESTRICTED_HEADERS_PROPERTY + "=true)");
        }
    }

    /** Whether this JVM lets a request carry its own Host header (see {@link #allowHostHeader()}). */
    public static boolean hostHeaderAllowed() {
        try {
            // Opening connects nothing: this only asks whether the header would be kept.
            HttpURLConnection probe = (HttpURLConnection) new URL("http://probe.invalid/").openConnection(Proxy.NO_PROXY);
            probe.setRequestProperty("Host", "probe.invalid");
            return probe.getRequestProperty("Host") != null;
        } catch (IOException e) {
            throw new IllegalStateException("http: no HttpURLConnection for http:// (expected: the JDK's; "
                    + e.getMessage() + ")", e);
        }
    }
}
