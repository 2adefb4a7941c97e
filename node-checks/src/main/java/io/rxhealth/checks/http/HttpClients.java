package io.rxhealth.checks.http;

import static java.util.Objects.requireNonNull;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;

/**
 * Hands out one shared {@link HttpClient} per {@link Tls} choice, so that all endpoints with the
 * same trust share one executor and one connection pool. Create one per application and pass it
 * to every {@link HttpEndpointCheck}. Thread-safe.
 *
 * <p>Clients speak HTTP/1.1 (no h2c upgrade headers that a reverse proxy in front of a health
 * endpoint may mishandle) and never follow redirects (a 302 to a login page is not "healthy").
 */
public final class HttpClients {
    /** JDK switch that lets requests set restricted headers; read once, when java.net.http first loads. */
    public static final String RESTRICTED_HEADERS_PROPERTY = "jdk.httpclient.allowRestrictedHeaders";

    private final Optional<Executor> executor;
    private final ConcurrentMap<Tls, HttpClient> clients = new ConcurrentHashMap<>();

    /** Clients run on the JDK's default executor (one cached pool, shared through the shared client). */
    public HttpClients() {
        this.executor = Optional.empty();
    }

    /** Clients run their asynchronous work on {@code executor}. */
    public HttpClients(Executor executor) {
        this.executor = Optional.of(requireNonNull(executor, "executor"));
    }

    /**
     * The client for {@code tls}, built on first use. Throws {@link IllegalArgumentException} when
     * a CA file cannot be read; nothing is cached then, so a fixed file is picked up next time.
     */
    public HttpClient clientFor(Tls tls) {
        requireNonNull(tls, "tls");
        return clients.computeIfAbsent(tls, this::build);
    }

    private HttpClient build(Tls tls) {
        HttpClient.Builder builder = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER);
        executor.ifPresent(builder::executor);
        if (tls instanceof Tls.CaFile caFile) {
            builder.sslContext(TlsContexts.trusting(caFile.pem()));
        } else if (tls instanceof Tls.Insecure) {
            builder.sslContext(TlsContexts.trustingAnything());
        } else if (!(tls instanceof Tls.SystemTrust)) {
            throw new IllegalArgumentException("tls: " + tls + " (expected: system trust, a CA file or insecure)");
        }
        return builder.build();
    }

    /**
     * Lets endpoints set their own Host header. java.net.http forbids it unless
     * {@value #RESTRICTED_HEADERS_PROPERTY} lists {@code host} when its internals first load, so
     * the application calls this first thing in {@code main} (or starts the JVM with
     * {@code -Djdk.httpclient.allowRestrictedHeaders=host}). Keeps other names already listed.
     *
     * @throws IllegalStateException when java.net.http was already in use without the switch
     */
    public static void allowHostHeader() {
        String listed = System.getProperty(RESTRICTED_HEADERS_PROPERTY, "").trim();
        boolean hasHost = Arrays.stream(listed.split(",")).map(String::trim).anyMatch("host"::equalsIgnoreCase);
        if (!hasHost) {
            System.setProperty(RESTRICTED_HEADERS_PROPERTY, listed.isEmpty() ? "host" : listed + ",host");
        }
        if (!hostHeaderAllowed()) {
            throw new IllegalStateException(RESTRICTED_HEADERS_PROPERTY + ": host set too late (expected: before the "
                    + "first use of java.net.http in this JVM, or -D" + RESTRICTED_HEADERS_PROPERTY + "=host)");
        }
    }

    /** Whether this JVM lets a request carry its own Host header (see {@link #allowHostHeader()}). */
    public static boolean hostHeaderAllowed() {
        try {
            HttpRequest.newBuilder().header("Host", "probe.invalid");
            return true;
        } catch (IllegalArgumentException restricted) {
            return false;
        }
    }
}
