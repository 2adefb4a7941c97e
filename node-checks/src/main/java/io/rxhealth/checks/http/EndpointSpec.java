package io.rxhealth.checks.http;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One HTTP endpoint to probe with a GET: it passes when the status is one of
 * {@code expectedStatus} and, if {@code bodyContains} is set, the body (its first
 * {@value HttpEndpointCheck#BODY_LIMIT} bytes, as UTF-8) contains that text.
 *
 * <p>{@code host} overrides the Host header (a virtual host behind the address in {@code url});
 * the JDK allows that only after {@link HttpClients#allowHostHeader()}.
 */
public record EndpointSpec(String name, URI url, Set<Integer> expectedStatus, Optional<String> bodyContains,
                           Duration timeout, Optional<String> host, Tls tls) {
    // host or host:port, IPv6 in brackets; no spaces, CR/LF or paths that would forge a header.
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9._\\-]+(:[0-9]{1,5})?|\\[[0-9A-Fa-f:.]+\\](:[0-9]{1,5})?");

    public EndpointSpec {
        requireNonNull(name, "name");
        requireNonNull(url, "url");
        requireNonNull(expectedStatus, "expectedStatus");
        requireNonNull(bodyContains, "bodyContains");
        requireNonNull(timeout, "timeout");
        requireNonNull(host, "host");
        requireNonNull(tls, "tls");
        if (name.isBlank()) {
            throw new IllegalArgumentException("name: '" + name + "' (expected: not blank)");
        }
        checkUrl(url);
        if (expectedStatus.isEmpty()) {
            throw new IllegalArgumentException("expectedStatus: [] (expected: at least one status code)");
        }
        for (Integer status : expectedStatus) {
            if (status == null || status < 100 || status > 599) {
                throw new IllegalArgumentException("expectedStatus: " + status + " (expected: 100..599)");
            }
        }
        expectedStatus = Set.copyOf(expectedStatus);
        if (bodyContains.isPresent() && bodyContains.get().isEmpty()) {
            throw new IllegalArgumentException("bodyContains: '' (expected: absent or non-empty text)");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout: " + timeout + " (expected: > 0)");
        }
        if (host.isPresent() && !HOST.matcher(host.get()).matches()) {
            String shown = host.get().replace("\r", "\\r").replace("\n", "\\n");
            throw new IllegalArgumentException("host: '" + shown + "' (expected: a host name or host:port)");
        }
        if (!(tls instanceof Tls.SystemTrust) && !"https".equalsIgnoreCase(url.getScheme())) {
            throw new IllegalArgumentException("tls: " + tls + " (expected: only with an https:// url)");
        }
    }

    /** GET {@code url}, expecting 200 within {@code timeout}, system trust, no body or Host check. */
    public static EndpointSpec of(String name, String url, Duration timeout) {
        requireNonNull(url, "url");
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("url: '" + url + "' (expected: an http:// or https:// URL; "
                    + e.getReason() + " at index " + e.getIndex() + ")");
        }
        return new EndpointSpec(name, uri, Set.of(200), Optional.empty(), timeout, Optional.empty(), Tls.system());
    }

    public EndpointSpec withExpectedStatus(Integer... statuses) {
        return new EndpointSpec(name, url, new HashSet<>(Arrays.asList(statuses)), bodyContains, timeout, host, tls);
    }

    public EndpointSpec withBodyContains(String text) {
        return new EndpointSpec(name, url, expectedStatus, Optional.of(text), timeout, host, tls);
    }

    public EndpointSpec withTimeout(Duration newTimeout) {
        return new EndpointSpec(name, url, expectedStatus, bodyContains, newTimeout, host, tls);
    }

    public EndpointSpec withHost(String hostHeader) {
        return new EndpointSpec(name, url, expectedStatus, bodyContains, timeout, Optional.of(hostHeader), tls);
    }

    public EndpointSpec withTls(Tls newTls) {
        return new EndpointSpec(name, url, expectedStatus, bodyContains, timeout, host, newTls);
    }

    /** Why a response with {@code status} and {@code body} fails this spec, or empty if it passes. */
    Optional<String> mismatch(int status, String body) {
        if (!expectedStatus.contains(status)) {
            return Optional.of(status + " (expected " + expectedStatusText() + ")");
        }
        if (bodyContains.isPresent() && !body.contains(bodyContains.get())) {
            return Optional.of(status + ", body lacks '" + bodyContains.get() + "'");
        }
        return Optional.empty();
    }

    String expectedStatusText() {
        return new TreeSet<>(expectedStatus).stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    private static void checkUrl(URI url) {
        String scheme = url.getScheme();
        if (scheme == null || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))) {
            throw new IllegalArgumentException("url: '" + url + "' (expected: http:// or https://)");
        }
        if (url.getHost() == null) {
            throw new IllegalArgumentException("url: '" + url + "' (expected: a host, e.g. http://127.0.0.1:8080/health)");
        }
        // Credentials in the URL would end up in every check detail, log line and status page.
        if (url.getRawUserInfo() != null) {
            throw new IllegalArgumentException("url: user info in " + scheme + "://" + url.getHost()
                    + " (expected: none; credentials do not belong in a health URL)");
        }
    }
}
