package io.rxhealth.checks.rabbitmq;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The broker's management plugin, where it is enabled: which of its health checks
 * ({@code GET /api/health/checks/<check>}, e.g. {@code local-alarms}, {@code virtual-hosts},
 * {@code port-listener/5672}) to ask each cycle, in parallel with the AMQP probe and within
 * {@code timeout}. They only ever lower the weight: a failed one is a WARN of the broker check. The
 * broker's user and password are used; the user needs the {@code monitoring} tag.
 *
 * @param base         the plugin's listener, {@code http://host:15672} (a path is kept as a prefix)
 * @param healthChecks the checks, as the API names them after {@code /api/health/checks/}
 * @param timeout      connect and answer of each request
 */
public record ManagementSpec(URI base, List<String> healthChecks, Duration timeout) {
    /** What the API names a health check: lower-case words, then optional arguments (a port, a protocol). */
    public static final Pattern CHECK = Pattern.compile("[a-z][a-z0-9-]*(/[A-Za-z0-9._-]+)*");

    public ManagementSpec {
        requireNonNull(base, "base");
        healthChecks = List.copyOf(healthChecks);
        if (!("http".equals(base.getScheme()) || "https".equals(base.getScheme())) || base.getHost() == null
                || base.getRawUserInfo() != null || base.getRawQuery() != null) {
            throw new IllegalArgumentException("url: " + base + " (expected: http://host:15672 or https://..., "
                    + "no credentials or query)");
        }
        if (healthChecks.isEmpty()) {
            throw new IllegalArgumentException("health-checks: [] (expected: at least one, such as local-alarms)");
        }
        for (String c : healthChecks) {
            if (!CHECK.matcher(c).matches()) {
                throw new IllegalArgumentException("health-checks: " + c
                        + " (expected: a health check of the API, such as local-alarms or port-listener/5672)");
            }
        }
        if (timeout == null || timeout.toMillis() < 1) {
            throw new IllegalArgumentException("timeout: " + timeout + " (expected: >= 1ms)");
        }
    }

    /** The request URI of one health check. */
    public URI uri(String check) {
        String path = base.getRawPath() == null ? "" : base.getRawPath().replaceAll("/+$", "");
        return base.resolve(path + "/api/health/checks/" + check);
    }

    /** {@code host:port} of the plugin, for the words of a failure. */
    String target() {
        int port = base.getPort() >= 0 ? base.getPort() : "https".equals(base.getScheme()) ? 443 : 80;
        return base.getHost() + ":" + port;
    }
}
