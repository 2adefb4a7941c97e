package io.rxhealth.agent.config;

import io.rxhealth.weighting.CheckPolicy;
import io.rxhealth.weighting.Reaction;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** One configured check, validated: its name, how its failures weigh, its timeout, and what it looks at. */
public sealed interface CheckSpec {
    /** The reactions of {@link #unweighed()} specs: none. */
    CheckPolicy UNWEIGHED = CheckPolicy.of(Reaction.none(), Reaction.none());

    String name();

    CheckPolicy policy();

    Duration timeout();

    /**
     * This spec with its reactions left out: what the check measures and how. Two checks whose
     * unweighed specs are equal measure the same thing, so a reload that changed only the
     * reactions keeps the running check and its state.
     */
    CheckSpec unweighed();

    /** The host checks read through OSHI. */
    enum HostKind { CPU, LOAD, MEMORY, SWAP }

    /**
     * CPU use and memory/swap use are fractions 0..1; load is per core. {@code critFor}: how long the
     * crit level must hold before it counts (until then it counts as warn).
     */
    record Host(HostKind kind, String name, double warn, double crit, CheckPolicy policy, Duration timeout,
                Duration critFor) implements CheckSpec {
        @Override
        public Host unweighed() {
            return new Host(kind, name, warn, crit, UNWEIGHED, timeout, critFor);
        }
    }

    /** File-system fill or inode use of the file system holding {@code path}; fractions 0..1. */
    record Mount(boolean inodes, Path path, String name, double warn, double crit, CheckPolicy policy,
                 Duration timeout) implements CheckSpec {
        @Override
        public Mount unweighed() {
            return new Mount(inodes, path, name, warn, crit, UNWEIGHED, timeout);
        }
    }

    /** An HTTP endpoint, with optional sliding-window thresholds (empty when not set). */
    record Http(String name, URI url, Set<Integer> expect, Optional<String> body, Optional<String> host,
                Optional<Path> caFile, boolean insecure, HttpWindow window, CheckPolicy policy,
                Duration timeout) implements CheckSpec {
        @Override
        public Http unweighed() {
            return new Http(name, url, expect, body, host, caFile, insecure, window, UNWEIGHED, timeout);
        }
    }

    /** Latency and error-rate thresholds over the last {@code size} probes. */
    record HttpWindow(int size, int minSamples, Optional<Duration> p95Warn, Optional<Duration> p95Crit,
                      Optional<Duration> p99Warn, Optional<Duration> p99Crit, Optional<Double> errorRateWarn,
                      Optional<Double> errorRateCrit) {
    }

    /** The Docker daemon answering {@code /_ping}. */
    record DockerDaemon(String name, String host, CheckPolicy policy, Duration timeout) implements CheckSpec {
        @Override
        public DockerDaemon unweighed() {
            return new DockerDaemon(name, host, UNWEIGHED, timeout);
        }
    }

    /** A named container that must be running (and healthy when it has a health check). */
    record Container(String name, String container, String host, int restartLimit, Duration restartWindow,
                     CheckPolicy policy, Duration timeout) implements CheckSpec {
        @Override
        public Container unweighed() {
            return new Container(name, container, host, restartLimit, restartWindow, UNWEIGHED, timeout);
        }
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

        /**
         * Equal when read from the same place: the same file or variable (read at each login, so
         * the place is what matters), or inline with the same value. Records would compare the
         * suppliers by identity, and no two loads of one config would be equal.
         */
        @Override
        public boolean equals(Object o) {
            return o instanceof Secret s && key.equals(s.key) && source == s.source && where.equals(s.where)
                    && (source != Source.INLINE || value.get().equals(s.value.get()));
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(key, source, where);
        }
    }

    /** A PostgreSQL database, probed on a fresh connection per run. */
    record Postgres(String name, String url, String user, Secret password, String query, String applicationName,
                    HttpWindow window, CheckPolicy policy, Duration timeout) implements CheckSpec {
        @Override
        public Postgres unweighed() {
            return new Postgres(name, url, user, password, query, applicationName, window, UNWEIGHED, timeout);
        }
    }

    /**
     * A RabbitMQ broker on one long-lived link; its queues are checks of their own. {@code management}:
     * the plugin's health checks the broker check asks, whose failures are its WARN.
     */
    record Rabbitmq(String name, String host, int port, String virtualHost, boolean tls, String user,
                    Secret password, Duration heartbeat, HttpWindow window, List<RabbitQueue> queues,
                    CheckPolicy policy, Duration timeout,
                    Optional<io.rxhealth.checks.rabbitmq.ManagementSpec> management) implements CheckSpec {
        /** Its queues unweighed too: the broker and its queues are built together. */
        @Override
        public Rabbitmq unweighed() {
            return new Rabbitmq(name, host, port, virtualHost, tls, user, password, heartbeat, window,
                    queues.stream().map(RabbitQueue::unweighed).toList(), UNWEIGHED, timeout, management);
        }
    }

    /** One queue of the broker: missing is CRIT, stuck (backlog rule) is WARN. */
    record RabbitQueue(String name, String queue, Optional<Integer> maxReady, Optional<Integer> risingCycles,
                       CheckPolicy policy, Duration timeout) implements CheckSpec {
        @Override
        public RabbitQueue unweighed() {
            return new RabbitQueue(name, queue, maxReady, risingCycles, UNWEIGHED, timeout);
        }
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
