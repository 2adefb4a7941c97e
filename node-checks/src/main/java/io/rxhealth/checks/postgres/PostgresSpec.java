package io.rxhealth.checks.postgres;

import static java.util.Objects.requireNonNull;

import io.rxhealth.checks.http.WindowThresholds;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * One database the node depends on, as the probe sees it.
 *
 * @param name            the check's name (config, reasons, metrics)
 * @param url             a {@code jdbc:postgresql://} URL, multi-host lists and {@code targetServerType} included
 * @param user            the role the probe logs in as
 * @param password        read when a probe logs in; a supplier so that the secret never lands in
 *                        a {@code toString()}, a log line or a status page
 * @param query           run after login, its first result read (default {@code SELECT 1})
 * @param timeout         the whole probe, every stage included
 * @param applicationName what {@code pg_stat_activity} shows for the probe's sessions
 * @param window          p95/p99 thresholds, applied to the connect time and to the query time
 */
public record PostgresSpec(String name, String url, String user, Supplier<String> password, String query,
                           Duration timeout, String applicationName, WindowThresholds window) {
    public static final String DEFAULT_QUERY = "SELECT 1";
    public static final String DEFAULT_APPLICATION_NAME = "rx-health-agent";

    public PostgresSpec {
        requireNonNull(name, "name");
        requireNonNull(user, "user");
        requireNonNull(password, "password");
        requireNonNull(query, "query");
        requireNonNull(applicationName, "applicationName");
        requireNonNull(window, "window");
        PostgresUrl.parse(url);
        if (user.isBlank()) {
            throw new IllegalArgumentException("user: '' (expected: a role name)");
        }
        if (query.isBlank()) {
            throw new IllegalArgumentException("query: '' (expected: an SQL statement such as SELECT 1)");
        }
        if (timeout == null || timeout.toMillis() < 1) {
            throw new IllegalArgumentException("timeout: " + timeout + " (expected: >= 1ms)");
        }
    }

    /** Validates a URL alone, for the config's one-line errors; see {@link PostgresUrl}. */
    public static void checkUrl(String url) {
        PostgresUrl.parse(url);
    }

    @Override
    public String toString() {
        return "PostgresSpec[" + name + " " + PostgresUrl.redact(url) + " user " + user + "]";
    }
}
