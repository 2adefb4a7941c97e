package io.rxhealth.agent.config;

import io.rxhealth.weighting.CheckPolicy;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** One configured check, validated: its name, how its failures weigh, its timeout, and what it looks at. */
public sealed interface CheckSpec {
    String name();

    CheckPolicy policy();

    Duration timeout();

    /** The host checks read through OSHI. */
    enum HostKind { CPU, LOAD, MEMORY, SWAP }

    /**
     * CPU use and memory/swap use are fractions 0..1; load is per core. {@code critFor}: how long the
     * crit level must hold before it counts (until then it counts as warn).
     */
    record Host(HostKind kind, String name, double warn, double crit, CheckPolicy policy, Duration timeout,
                Duration critFor) implements CheckSpec {
    }

    /** File-system fill or inode use of the file system holding {@code path}; fractions 0..1. */
    record Mount(boolean inodes, Path path, String name, double warn, double crit, CheckPolicy policy,
                 Duration timeout) implements CheckSpec {
    }

    /** An HTTP endpoint, with optional sliding-window thresholds (empty when not set). */
    record Http(String name, URI url, Set<Integer> expect, Optional<String> body, Optional<String> host,
                Optional<Path> caFile, boolean insecure, HttpWindow window, CheckPolicy policy,
                Duration timeout) implements CheckSpec {
    }

    /** Latency and error-rate thresholds over the last {@code size} probes. */
    record HttpWindow(int size, int minSamples, Optional<Duration> p95Warn, Optional<Duration> p95Crit,
                      Optional<Duration> p99Warn, Optional<Duration> p99Crit, Optional<Double> errorRateWarn,
                      Optional<Double> errorRateCrit) {
    }

    /** The Docker daemon answering {@code /_ping}. */
    record DockerDaemon(String name, String host, CheckPolicy policy, Duration timeout) implements CheckSpec {
    }

    /** A named container that must be running (and healthy when it has a health check). */
    record Container(String name, String container, String host, int restartLimit, Duration restartWindow,
                     CheckPolicy policy, Duration timeout) implements CheckSpec {
    }

    /**
     * A password as configured: inline in the config, in a file, or in an environment variable. Its
     * value is read when a probe logs in and never printed: {@code toString()} says where it comes
     * from, not what it is.
     */
    record Secret(String key, Source source, String where, java.util.function.Supplier<String> value) {
        /** Where a password comes from. */
        public enum Source { INLINE, FILE, ENV }

        @Override
        public String toString() {
            return source == Source.INLINE ? key + " (inline)" : key + " (" + source.name().toLowerCase(
                    java.util.Locale.ROOT) + " " + where + ")";
        }
    }

    /** A PostgreSQL database, probed on a fresh connection per run. */
    record Postgres(String name, String url, String user, Secret password, String query, String applicationName,
                    HttpWindow window, CheckPolicy policy, Duration timeout) implements CheckSpec {
    }

    /**
     * A RabbitMQ broker on one long-lived link; its queues are checks of their own. {@code management}:
     * the plugin's health checks the broker check asks, whose failures are its WARN.
     */
    record Rabbitmq(String name, String host, int port, String virtualHost, boolean tls, String user,
                    Secret password, Duration heartbeat, HttpWindow window, List<RabbitQueue> queues,
                    CheckPolicy policy, Duration timeout,
                    Optional<io.rxhealth.checks.rabbitmq.ManagementSpec> management) implements CheckSpec {
    }

    /** One queue of the broker: missing is CRIT, stuck (backlog rule) is WARN. */
    record RabbitQueue(String name, String queue, Optional<Integer> maxReady, Optional<Integer> risingCycles,
                       CheckPolicy policy, Duration timeout) implements CheckSpec {
    }

    /** The passwords held inline in the config (not in a file or the environment). */
    static List<String> inlineSecrets(List<CheckSpec> specs) {
        List<String> keys = new java.util.ArrayList<>();
        for (CheckSpec s : specs) {
            Secret secret = s instanceof Postgres p ? p.password() : s instanceof Rabbitmq r ? r.password() : null;
            if (secret != null && secret.source() == Secret.Source.INLINE) {
                keys.add(secret.key());
            }
        }
        return keys;
    }

    static List<String> names(List<CheckSpec> specs) {
        return specs.stream().map(CheckSpec::name).toList();
    }
}
