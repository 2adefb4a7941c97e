package io.rxhealth.agent.metrics;

import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.SummaryWithCallback;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Decision;
import io.rxhealth.weighting.Level;
import io.rxhealth.weighting.State;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import java.util.stream.Stream;

/**
 * The agent's Prometheus metrics, on a registry passed in (never the global one). Names follow
 * Prometheus conventions: units in names, {@code _total} counters.
 *
 * <p>Every metric is a callback read at scrape time from values the background loop keeps here,
 * on the Prometheus client directly: the agent has a memory budget, and Micrometer on top of the
 * same client cost 3.4 MiB of RSS for nothing the agent uses. Callback metrics also never sample
 * exemplars, so the client's OpenTelemetry tracer bridge is left out of the dependencies.
 */
public final class AgentMetrics {
    private final PrometheusRegistry registry;
    private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();
    private final Map<String, CheckFigures> checks = new ConcurrentSkipListMap<>();
    private final AtomicLong transitions = new AtomicLong();
    private volatile Decision lastDecision;
    private volatile long lastCycleEpochMillis;

    /** One check's figures; written by the loop, read by scrapes. */
    private static final class CheckFigures {
        volatile int level;
        volatile long lastSuccessEpochSecond;
        private long runs;
        private double seconds;
        private long failures;
        private long timeouts;

        synchronized void run(CheckResult r, Duration took, boolean timedOut) {
            runs++;
            seconds += took.toNanos() / 1e9;
            if (r.level() == Level.CRIT || r.level() == Level.UNKNOWN) {
                failures++;
            }
            if (timedOut) {
                timeouts++;
            }
        }

        synchronized long failures() {
            return failures;
        }

        synchronized long timeouts() {
            return timeouts;
        }

        synchronized void report(SummaryWithCallback.Callback cb, String check) {
            cb.call(runs, seconds, Quantiles.EMPTY, check);
        }
    }

    public AgentMetrics(PrometheusRegistry registry) {
        this.registry = registry;
        gauge("rxhealth_verdict_state", "1 for the state the agent serves now (up, down, drain, maint)", cb -> {
            Decision d = lastDecision;
            for (State s : State.values()) {
                cb.call(d != null && d.verdict().state() == s ? 1 : 0, s.name().toLowerCase(Locale.ROOT));
            }
        }, "state");
        gauge("rxhealth_verdict_weight_percent", "Weight the agent asks for, in percent of the configured weight",
                cb -> {
                    Decision d = lastDecision;
                    cb.call(d == null ? -1 : d.verdict().weightPercent());
                });
        counter("rxhealth_verdict_transitions", "Changes of the served verdict", transitions::get);
        gauge("rxhealth_check_level", "Last level of the check: 0 ok, 1 warn, 2 crit, 3 unknown",
                cb -> checks.forEach((name, f) -> cb.call(f.level, name)), "check");
        gauge("rxhealth_check_last_success_timestamp_seconds", "Unix time of the check's last OK run, 0 if never",
                cb -> checks.forEach((name, f) -> cb.call(f.lastSuccessEpochSecond, name)), "check");
        SummaryWithCallback.builder().name("rxhealth_check_duration_seconds").help("How long the check took")
                .labelNames("check").callback(cb -> checks.forEach((name, f) -> f.report(cb, name)))
                .register(registry);
        CounterWithCallback.builder().name("rxhealth_check_failures")
                .help("Runs of the check that ended crit or unknown (a timeout included)").labelNames("check")
                .callback(cb -> checks.forEach((name, f) -> cb.call(f.failures(), name))).register(registry);
        CounterWithCallback.builder().name("rxhealth_check_timeouts")
                .help("Runs of the check the agent gave up on at its timeout").labelNames("check")
                .callback(cb -> checks.forEach((name, f) -> cb.call(f.timeouts(), name))).register(registry);
        // A stalled loop keeps serving its last verdict on 9505; this is how an alert sees it.
        gauge("rxhealth_cycle_last_completed_timestamp_seconds",
                "Unix time the last check cycle completed, 0 before the first",
                cb -> cb.call(lastCycleEpochMillis / 1000.0));
    }

    /**
     * {@code rxhealth_build_info}: always 1, its labels say what runs, so a dashboard can tell
     * which nodes an upgrade has reached.
     */
    public void buildInfo(String version, String revision, String java) {
        gauge("rxhealth_build_info", "Always 1; the labels name the agent's version, git commit and Java runtime",
                cb -> cb.call(1, version, revision, java), "version", "revision", "java");
    }

    /**
     * The standard {@code process_*} metrics and the JVM's heap, threads and runtime, under the
     * Prometheus Java client's names, read at scrape time from {@code /proc/self}, the process
     * handle and the runtime ({@link ProcessFigures} says why not from the client's collectors).
     * A figure that cannot be read is left out of the scrape, never reported as 0.
     */
    public void processAndJvm() {
        ProcessHandle.Info info = ProcessHandle.current().info();
        CounterWithCallback.builder().name("process_cpu_seconds_total")
                .help("Total user and system CPU time spent in seconds")
                .callback(cb -> ProcessHandle.current().info().totalCpuDuration()
                        .ifPresent(d -> cb.call(d.toNanos() / 1e9)))
                .register(registry);
        info.startInstant().ifPresent(start -> gauge("process_start_time_seconds",
                "Start time of the process since unix epoch in seconds", cb -> cb.call(start.toEpochMilli() / 1000.0)));
        gauge("process_resident_memory_bytes", "Resident memory size in bytes",
                cb -> ProcessFigures.statusBytes(procSelf("status"), "VmRSS").ifPresent(cb::call));
        gauge("process_virtual_memory_bytes", "Virtual memory size in bytes",
                cb -> ProcessFigures.statusBytes(procSelf("status"), "VmSize").ifPresent(cb::call));
        gauge("process_threads", "Threads of the process, the JVM's own included",
                cb -> ProcessFigures.threads(procSelf("status")).ifPresent(cb::call));
        gauge("process_open_fds", "Number of open file descriptors", cb -> openFds().ifPresent(cb::call));
        gauge("process_max_fds", "Maximum number of open file descriptors",
                cb -> ProcessFigures.maxOpenFiles(procSelf("limits")).ifPresent(cb::call));
        Runtime rt = Runtime.getRuntime();
        gauge("jvm_memory_used_bytes", "Used bytes of a given JVM memory area",
                cb -> cb.call(rt.totalMemory() - rt.freeMemory(), "heap"), "area");
        gauge("jvm_memory_committed_bytes", "Committed (bytes) of a given JVM memory area",
                cb -> cb.call(rt.totalMemory(), "heap"), "area");
        gauge("jvm_memory_max_bytes", "Max (bytes) of a given JVM memory area", cb -> cb.call(rt.maxMemory(), "heap"),
                "area");
        String version = System.getProperty("java.runtime.version", "unknown");
        String vendor = System.getProperty("java.vm.vendor", "unknown");
        String runtime = System.getProperty("java.runtime.name", "unknown");
        gauge("jvm_runtime_info", "JVM runtime info", cb -> cb.call(1, version, vendor, runtime),
                "version", "vendor", "runtime");
    }

    private static String procSelf(String file) {
        try {
            return Files.readString(Path.of("/proc/self", file), StandardCharsets.US_ASCII);
        } catch (IOException | RuntimeException e) {
            return ""; // not Linux, or /proc not mounted: the figures are left out
        }
    }

    private static OptionalLong openFds() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return OptionalLong.of(fds.count());
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    public void recordCheck(CheckResult r, Duration took, Instant lastSuccess, boolean timedOut) {
        CheckFigures f = checks.computeIfAbsent(r.check(), name -> new CheckFigures());
        f.level = r.level().ordinal();
        if (lastSuccess != null) {
            f.lastSuccessEpochSecond = lastSuccess.getEpochSecond();
        }
        f.run(r, took, timedOut);
    }

    public void cycleCompleted(Instant at) {
        lastCycleEpochMillis = at.toEpochMilli();
    }

    /** Forgets the series of checks a reload removed. */
    public void retainChecks(java.util.Set<String> names) {
        checks.keySet().retainAll(names);
    }

    public void recordVerdict(Decision d) {
        lastDecision = d;
    }

    public void countTransition() {
        transitions.incrementAndGet();
    }

    /** Registers a monotonic counter read from elsewhere (e.g. the 9505 server's statistics). */
    public void counter(String name, String help, DoubleSupplier read) {
        CounterWithCallback.builder().name(name).help(help).callback(cb -> cb.call(read.getAsDouble()))
                .register(registry);
    }

    /**
     * Registers a gauge family read from elsewhere: at each scrape {@code samples} calls the
     * callback once per series, with one value per label name.
     */
    public void gauge(String name, String help, Consumer<GaugeWithCallback.Callback> samples, String... labelNames) {
        GaugeWithCallback.builder().name(name).help(help).labelNames(labelNames).callback(samples)
                .register(registry);
    }

    /**
     * Registers a summary family read from elsewhere: at each scrape {@code samples} calls the
     * callback once per series with its count, sum, quantiles and one value per label name.
     */
    public void summary(String name, String help, Consumer<SummaryWithCallback.Callback> samples,
                        String... labelNames) {
        SummaryWithCallback.builder().name(name).help(help).labelNames(labelNames).callback(samples)
                .register(registry);
    }

    public String scrape() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
        try {
            writer.write(out, registry.scrape());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
