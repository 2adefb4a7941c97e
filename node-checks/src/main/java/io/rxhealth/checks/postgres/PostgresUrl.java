package io.rxhealth.checks.postgres;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.postgresql.Driver;

/**
 * A {@code jdbc:postgresql://} URL as the driver reads it (multi-host lists and
 * {@code targetServerType} included), checked for what the probe needs: at least one host, and no
 * credentials in the URL (they belong in {@code password-file} or {@code password-env}, where they
 * stay out of logs and status pages).
 */
record PostgresUrl(String url, List<HostPort> hosts, String database, String targetServerType) {
    /** One host of a multi-host URL. */
    record HostPort(String host, int port) {
        @Override
        public String toString() {
            return (host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
        }
    }

    private static final Set<String> SECRET_KEYS = Set.of("password", "sslpassword", "sslkey");

    PostgresUrl {
        hosts = List.copyOf(hosts);
    }

    /** Parses {@code url}; a bad one is a one-line {@link IllegalArgumentException} naming it. */
    static PostgresUrl parse(String url) {
        String shown = url == null ? "null" : redact(url);
        if (url == null || !url.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("url: '" + shown + "' (expected: jdbc:postgresql://host:port/database)");
        }
        Properties props = Driver.parseURL(url, null);
        if (props == null) {
            throw new IllegalArgumentException("url: '" + shown + "' (expected: jdbc:postgresql://host:port/database)");
        }
        for (String key : props.stringPropertyNames()) {
            if (SECRET_KEYS.contains(key)) {
                throw new IllegalArgumentException("url: '" + shown + "' carries " + key
                        + " (expected: no secrets in the URL; use password-file or password-env)");
            }
        }
        String[] hostNames = props.getProperty("PGHOST", "").split(",", -1);
        String[] ports = props.getProperty("PGPORT", "").split(",", -1);
        List<HostPort> hosts = new ArrayList<>();
        for (int i = 0; i < hostNames.length; i++) {
            String host = hostNames[i];
            if (host.isEmpty() || host.startsWith("/")) {
                throw new IllegalArgumentException("url: '" + shown + "' (expected: host names or addresses, "
                        + "not a unix socket directory)");
            }
            int port;
            try {
                port = Integer.parseInt(i < ports.length ? ports[i] : "5432");
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("url: '" + shown + "' (expected: ports 1..65535)");
            }
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("url: '" + shown + "' (expected: ports 1..65535)");
            }
            hosts.add(new HostPort(host, port));
        }
        String tst = props.getProperty("targetServerType", "any");
        if (!Set.of("any", "primary", "master", "secondary", "preferSecondary", "preferPrimary", "preferSlave",
                "slave").contains(tst)) {
            throw new IllegalArgumentException("url: '" + shown + "' targetServerType=" + tst
                    + " (expected: any, primary, secondary, preferPrimary or preferSecondary)");
        }
        return new PostgresUrl(url, hosts, props.getProperty("PGDBNAME", ""), tst);
    }

    /** The URL with the value of any secret-looking parameter replaced, for error messages. */
    static String redact(String url) {
        return url.replaceAll("(?i)((?:ssl)?password|sslkey)=[^&]*", "$1=***");
    }

    @Override
    public String toString() {
        return redact(url);
    }
}
