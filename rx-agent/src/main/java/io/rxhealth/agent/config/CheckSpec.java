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

    static List<String> names(List<CheckSpec> specs) {
        return specs.stream().map(CheckSpec::name).toList();
    }
}
