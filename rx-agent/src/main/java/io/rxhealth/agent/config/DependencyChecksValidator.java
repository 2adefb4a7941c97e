package io.rxhealth.agent.config;

import static io.rxhealth.agent.config.ConfigValues.absolute;
import static io.rxhealth.agent.config.ConfigValues.or;
import static io.rxhealth.agent.config.ConfigValues.policy;
import static io.rxhealth.agent.config.ConfigValues.positive;

import io.rxhealth.agent.config.RawConfig.RawManagement;
import io.rxhealth.agent.config.RawConfig.RawPostgres;
import io.rxhealth.agent.config.RawConfig.RawQueue;
import io.rxhealth.agent.config.RawConfig.RawRabbitmq;
import io.rxhealth.checks.postgres.PostgresSpec;
import io.rxhealth.checks.rabbitmq.ManagementSpec;
import io.rxhealth.weighting.CheckPolicy;
import io.rxhealth.weighting.Reaction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Validates the checks of the services the node depends on: PostgreSQL databases and the RabbitMQ
 * broker with its queues. Defaults follow the policy matrix: a database unreachable, refusing the
 * login or a standby takes the node down, a slow one halves its weight; a broker unreachable or
 * blocked halves it; a stuck or missing queue takes a quarter off.
 */
final class DependencyChecksValidator {
    private static final Set<PosixFilePermission> TOO_OPEN = Set.of(PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE, PosixFilePermission.GROUP_WRITE);

    private final Duration defaultTimeout;

    DependencyChecksValidator(Duration defaultTimeout) {
        this.defaultTimeout = defaultTimeout;
    }

    CheckSpec.Postgres postgres(String key, RawPostgres p, AppChecksValidator apps) {
        if (p == null || p.url() == null) {
            throw new ConfigException(key + ".url", null, "jdbc:postgresql://host:port/database");
        }
        String name = or(p.name(), "postgres");
        checkName(key, name);
        try {
            PostgresSpec.checkUrl(p.url());
        } catch (IllegalArgumentException e) {
            throw new ConfigException(key + "." + e.getMessage());
        }
        if (p.user() == null || p.user().isBlank()) {
            throw new ConfigException(key + ".user", p.user(), "the role the probe logs in as, such as rx_health");
        }
        String query = or(p.query(), PostgresSpec.DEFAULT_QUERY);
        if (query.isBlank()) {
            throw new ConfigException(key + ".query", query, "an SQL statement such as SELECT 1");
        }
        return new CheckSpec.Postgres(name, p.url(), p.user(),
                secret(key, p.password(), p.passwordFile(), p.passwordEnv()), query,
                or(p.applicationName(), PostgresSpec.DEFAULT_APPLICATION_NAME), apps.window(key + ".window", p.window()),
                policy(key, p.onWarn(), p.onCrit(), p.onUnknown(), "50%", "down"), timeout(key, p.timeout()));
    }

    void rabbitmq(List<CheckSpec> out, RawRabbitmq r, AppChecksValidator apps) {
        if (r == null) {
            return;
        }
        String key = "checks.rabbitmq";
        String name = or(r.name(), "rabbitmq");
        checkName(key, name);
        String text = or(r.url(), "amqp://127.0.0.1:5672/");
        URI url;
        try {
            url = new URI(text);
        } catch (URISyntaxException e) {
            throw new ConfigException(key + ".url", text, "amqp://host:port/vhost or amqps://...");
        }
        boolean tls = "amqps".equals(url.getScheme());
        if (!(tls || "amqp".equals(url.getScheme())) || url.getHost() == null) {
            throw new ConfigException(key + ".url", text, "amqp://host:port/vhost or amqps://...");
        }
        if (url.getRawUserInfo() != null) {
            throw new ConfigException(key + ".url", url.getScheme() + "://***@" + url.getHost(),
                    "no credentials in the URL; use user and password-file or password-env");
        }
        int port = url.getPort() < 0 ? (tls ? 5671 : 5672) : url.getPort();
        String path = url.getRawPath() == null ? "" : url.getRawPath();
        String vhost = path.isEmpty() || path.equals("/") ? "/"
                : URLDecoder.decode(path.substring(1), StandardCharsets.UTF_8);
        if (r.user() == null || r.user().isBlank()) {
            throw new ConfigException(key + ".user", r.user(), "the user the probe logs in as");
        }
        Duration timeout = timeout(key, r.timeout());
        if (timeout.toMillis() < 4) {
            throw new ConfigException(key + ".timeout", r.timeout(), "at least 4ms");
        }
        Duration heartbeat = Units.duration(key + ".heartbeat", or(r.heartbeat(), "10s"));
        if (heartbeat.toSeconds() > 65535 || (!heartbeat.isZero() && heartbeat.toSeconds() < 1)) {
            throw new ConfigException(key + ".heartbeat", r.heartbeat(), "0s (off) or 1s..65535s");
        }
        List<CheckSpec.RabbitQueue> queues = new java.util.ArrayList<>();
        if (r.queues() != null) {
            for (int i = 0; i < r.queues().size(); i++) {
                queues.add(queue(key + ".queues[" + i + "]", r.queues().get(i), timeout));
            }
        }
        CheckPolicy policy = policy(key, r.onWarn(), r.onCrit(), r.onUnknown(), "75%", "50%");
        Optional<ManagementSpec> management = Optional.empty();
        if (r.management() != null) {
            management = Optional.of(management(key + ".management", r.management(), timeout));
            if (policy.onWarn().kind() == Reaction.Kind.DOWN) {
                throw new ConfigException(key + ".on-warn", r.onWarn(), "a weight such as 75% when management is set:"
                        + " its health checks only lower the weight");
            }
        }
        out.add(new CheckSpec.Rabbitmq(name, url.getHost(), port, vhost, tls, r.user(),
                secret(key, r.password(), r.passwordFile(), r.passwordEnv()), heartbeat,
                apps.window(key + ".window", r.window()), List.copyOf(queues), policy, timeout, management));
        out.addAll(queues);
    }

    /** The plugin's URL (no credentials: the broker's are used), its health checks, a timeout within the broker's. */
    private static ManagementSpec management(String key, RawManagement m, Duration brokerTimeout) {
        String text = or(m.url(), "http://127.0.0.1:15672");
        URI url;
        try {
            url = new URI(text);
        } catch (URISyntaxException e) {
            throw new ConfigException(key + ".url", text, "http://host:15672 or https://...");
        }
        if (url.getRawUserInfo() != null) {
            throw new ConfigException(key + ".url", url.getScheme() + "://***@" + url.getHost(),
                    "no credentials in the URL; the broker's user and password are used");
        }
        if (!("http".equals(url.getScheme()) || "https".equals(url.getScheme())) || url.getHost() == null
                || url.getRawQuery() != null) {
            throw new ConfigException(key + ".url", text, "http://host:15672 or https://...");
        }
        List<String> checks = m.healthChecks() == null ? List.of("local-alarms") : m.healthChecks();
        if (checks.isEmpty()) {
            throw new ConfigException(key + ".health-checks", "[]", "at least one, such as local-alarms");
        }
        for (int i = 0; i < checks.size(); i++) {
            String c = checks.get(i);
            if (c == null || !ManagementSpec.CHECK.matcher(c).matches()) {
                throw new ConfigException(key + ".health-checks[" + i + "]", c,
                        "a health check of the management API, such as local-alarms or port-listener/5672");
            }
        }
        Duration timeout = m.timeout() == null ? brokerTimeout.dividedBy(2) : positive(key + ".timeout", m.timeout());
        if (timeout.compareTo(brokerTimeout) > 0) {
            throw new ConfigException(key + ".timeout", m.timeout(), "at most the broker's timeout ("
                    + brokerTimeout.toMillis() + "ms)");
        }
        return new ManagementSpec(url, checks, timeout);
    }

    private static CheckSpec.RabbitQueue queue(String key, RawQueue q, Duration timeout) {
        if (q == null || q.name() == null || q.name().isEmpty() || q.name().length() > 255) {
            throw new ConfigException(key + ".name", q == null ? null : q.name(), "a queue name of 1..255 characters");
        }
        if (q.maxReady() != null && q.maxReady() < 1) {
            throw new ConfigException(key + ".max-ready", q.maxReady(), ">= 1 messages");
        }
        if (q.risingCycles() != null && q.risingCycles() < 2) {
            throw new ConfigException(key + ".rising-cycles", q.risingCycles(), ">= 2 cycles");
        }
        Optional<Integer> rising = q.maxReady() == null && q.risingCycles() == null ? Optional.of(5)
                : Optional.ofNullable(q.risingCycles());
        return new CheckSpec.RabbitQueue("rabbitmq-queue:" + q.name(), q.name(), Optional.ofNullable(q.maxReady()),
                rising, policy(key, q.onWarn(), q.onCrit(), q.onUnknown(), "75%", "75%"), timeout);
    }

    /** Exactly one of password, password-file, password-env. */
    private static CheckSpec.Secret secret(String key, String inline, String file, String env) {
        int given = (inline == null ? 0 : 1) + (file == null ? 0 : 1) + (env == null ? 0 : 1);
        if (given != 1) {
            // Never echo a value here: it may be the password itself.
            throw new ConfigException(key + ".password: " + (given == 0 ? "none set" : given + " sources set")
                    + " (expected: exactly one of password-file, password-env or password)");
        }
        if (inline != null) {
            return new CheckSpec.Secret(key + ".password", CheckSpec.Secret.Source.INLINE, "config", () -> inline);
        }
        if (env != null) {
            if (!env.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new ConfigException(key + ".password-env", env, "an environment variable name");
            }
            if (System.getenv(env) == null) {
                throw new ConfigException(key + ".password-env", env, "a variable set in the agent's environment");
            }
            return new CheckSpec.Secret(key + ".password-env", CheckSpec.Secret.Source.ENV, env,
                    () -> or(System.getenv(env), ""));
        }
        Path path = absolute(key + ".password-file", file);
        try {
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(path);
            for (PosixFilePermission bad : TOO_OPEN) {
                if (mode.contains(bad)) {
                    throw new ConfigException(key + ".password-file", file + " mode "
                            + java.nio.file.attribute.PosixFilePermissions.toString(mode),
                            "readable by owner and group only: chmod 0600 or 0640");
                }
            }
            Files.readString(path);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new ConfigException(key + ".password-file", file, "an existing file holding the password");
        } catch (IOException e) {
            throw new ConfigException(key + ".password-file", file, "a file the agent can read (" + e.getMessage() + ")");
        }
        return new CheckSpec.Secret(key + ".password-file", CheckSpec.Secret.Source.FILE, file, () -> {
            try {
                // Read at each login, so a rotated password is picked up; a trailing newline is not part of it.
                return Files.readString(path).strip();
            } catch (IOException e) {
                throw new UncheckedIOException("password-file " + path + ": " + e.getMessage(), e);
            }
        });
    }

    private static void checkName(String key, String name) {
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9_.:-]*")) {
            throw new ConfigException(key + ".name", name, "a check name such as postgres");
        }
    }

    private Duration timeout(String key, String text) {
        return text == null ? defaultTimeout : positive(key + ".timeout", text);
    }
}
