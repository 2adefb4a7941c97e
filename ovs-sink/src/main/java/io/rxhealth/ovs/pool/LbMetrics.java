package io.rxhealth.ovs.pool;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.rxhealth.ovs.build.BuildInfo;
import io.rxhealth.ovs.health.AgentFailure;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * The daemon's meters, on a registry passed in (never the global one). Counters are aggregated
 * over members so that 10,000 members do not make 10,000 series per counter; per-member figures
 * are gauges of what the layout uses. Durations are timed with the registry's clock (monotonic,
 * and a test's registry may bring its own).
 */
public final class LbMetrics {
    /**
     * Histogram buckets of applies and reconciles: a changed slot or two is a millisecond's bundle,
     * a full replace of 65,536 slots a few seconds, a read-back of them some hundred milliseconds.
     */
    private static final Duration[] BUCKETS = {Duration.ofMillis(1), Duration.ofMillis(5), Duration.ofMillis(10),
            Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250),
            Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5),
            Duration.ofSeconds(10)};

    private final MeterRegistry registry;
    private final Timer reconciles;
    /** Labels of each pool's table info by pool name; absent before the pool's first apply. */
    private final Map<String, List<String>> tables = new ConcurrentSkipListMap<>();
    private final Counter probePassed;
    private final Counter probeFailed;
    private final Counter probeTransitions;
    private final Counter probesFrozen;
    private final Counter agentReplies;
    private final Counter agentReplyErrors;
    private final Map<AgentFailure, Counter> agentFailures = new EnumMap<>(AgentFailure.class);

    /** With this process's {@link BuildInfo#current() build details} and the JVM's and process's meters. */
    public LbMetrics(MeterRegistry registry) {
        this(registry, BuildInfo.current());
    }

    public LbMetrics(MeterRegistry registry, BuildInfo build) {
        this.registry = requireNonNull(registry, "registry");
        // Always 1; the labels say what runs, so a dashboard can tell which nodes an upgrade reached.
        info("rxhealth_lbd_build_info", "Always 1; the labels name the daemon's version, git commit and Java runtime",
                List.of("version", "revision", "java"), () -> List.of(List.of(build.version(), build.revision(),
                        build.java())));
        info("rxhealth_lbd_pool_table_info", "Always 1; the labels name the digest and layout version of the pool's"
                + " installed table", List.of("pool", "digest", "layout_version"), tables::values);
        processAndJvm();
        this.reconciles = timer("rxhealth_lbd_reconcile", "Reconciles of every pool: layouts, applies and read-backs",
                Tags.empty());
        this.probePassed = Counter.builder("rxhealth_lbd_probes").tag("result", "passed")
                .description("Liveness probes run").register(registry);
        this.probeFailed = Counter.builder("rxhealth_lbd_probes").tag("result", "failed")
                .description("Liveness probes run").register(registry);
        this.probeTransitions = Counter.builder("rxhealth_lbd_probe_transitions")
                .description("Members whose probe state changed").register(registry);
        this.probesFrozen = Counter.builder("rxhealth_lbd_probes_frozen")
                .description("Failed probes that did not count against their member: they crossed the node's own"
                        + " switch while it was down").register(registry);
        this.agentReplies = Counter.builder("rxhealth_lbd_agent_polls").tag("outcome", "reply")
                .description("Agent polls by outcome").register(registry);
        for (AgentFailure f : AgentFailure.values()) {
            agentFailures.put(f, Counter.builder("rxhealth_lbd_agent_polls")
                    .tag("outcome", f.name().toLowerCase(Locale.ROOT))
                    .description("Agent polls by outcome").register(registry));
        }
        this.agentReplyErrors = Counter.builder("rxhealth_lbd_agent_reply_errors")
                .description("Agent replies HAProxy would report as an error or a warning").register(registry);
    }

    /**
     * Micrometer's cheap process and JVM binders: memory, threads, class loading, uptime, open
     * files, and the process's CPU time under Prometheus's standard name. Left out: GC pauses (a
     * listener on every collection, to be closed with each reloaded node's registry) and
     * Micrometer's ProcessorMetrics, whose {@code process_cpu_time_ns_total} and
     * {@code system_cpu_count} fail {@code promtool check metrics}.
     */
    private void processAndJvm() {
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            FunctionCounter.builder("process_cpu", os, o -> o.getProcessCpuTime() / 1e9).baseUnit("seconds")
                    .description("CPU time the process used").register(registry);
        }
    }

    private Timer timer(String name, String description, Tags tags) {
        return Timer.builder(name).description(description).tags(tags).serviceLevelObjectives(BUCKETS)
                .register(registry);
    }

    /** Starts timing something, on the registry's clock. */
    Timer.Sample start() {
        return Timer.start(registry);
    }

    Timer reconciles() {
        return reconciles;
    }

    Timer applyTimer(String pool) {
        return timer("rxhealth_lbd_slot_table_apply", "Slot table applies of the pool (failed ones included)",
                Tags.of("pool", pool));
    }

    /**
     * Sets the pool's {@code rxhealth_lbd_pool_table_info}: one series, value 1, whose labels are the
     * digest and layout version of the installed table (replacing the previous digest's), so that
     * an alert can compare digests across an ECMP fleet.
     */
    void tableInstalled(String pool, String digest, int layoutVersion) {
        tables.put(pool, List.of(pool, digest, Integer.toString(layoutVersion)));
    }

    /**
     * An info metric ({@code name} ends in {@code _info}): value 1, the labels say the rest.
     * Registered on the Prometheus client under the Micrometer registry, as Micrometer's naming
     * strips an {@code _info} suffix from a gauge's name; other registries (tests') get none.
     */
    private void info(String name, String help, List<String> labelNames, Supplier<Iterable<List<String>>> rows) {
        if (!(registry instanceof PrometheusMeterRegistry prometheus)) {
            return;
        }
        try {
            GaugeWithCallback.builder().name(name).help(help).labelNames(labelNames.toArray(String[]::new))
                    .callback(cb -> rows.get().forEach(labels -> cb.call(1, labels.toArray(String[]::new))))
                    .register(prometheus.getPrometheusRegistry());
        } catch (IllegalArgumentException e) {
            // Already registered by an earlier LbMetrics on this registry: the first keeps it, as
            // Micrometer keeps the first of two meters with one id.
        }
    }

    void probe(boolean passed) {
        (passed ? probePassed : probeFailed).increment();
    }

    void probeFrozen() {
        probesFrozen.increment();
    }

    void probeTransition() {
        probeTransitions.increment();
    }

    void agentReply(boolean withErrors) {
        agentReplies.increment();
        if (withErrors) {
            agentReplyErrors.increment();
        }
    }

    void agentFailure(AgentFailure failure) {
        agentFailures.get(failure).increment();
    }

    Counter applies(String pool, String result) {
        return Counter.builder("rxhealth_lbd_slot_table_applies").tag("pool", pool).tag("result", result)
                .description("Slot table applies by result").register(registry);
    }

    Counter failClose(String pool) {
        return Counter.builder("rxhealth_lbd_fail_close").tag("pool", pool)
                .description("Applies of an empty slot table: every member out, traffic dropped")
                .register(registry);
    }

    Counter drifts(String pool) {
        return Counter.builder("rxhealth_lbd_drift_repairs").tag("pool", pool)
                .description("Times the data plane no longer held the installed table and it was re-applied")
                .register(registry);
    }

    /**
     * The pool's panic gauges: {@code inPanic} 1 while the last layout was in panic, else 0;
     * {@code healthyShare} the healthy weight over the counted weight of that layout (NaN before
     * the first, and when no weight counts), to alert on before the threshold is crossed.
     */
    void panic(String pool, Supplier<Number> inPanic, Supplier<Number> healthyShare) {
        gauge("rxhealth_lbd_pool_panic", "1 while the pool is in panic: its healthy weight share is below the panic"
                + " threshold and every probe-up member gets its configured weight", Map.of("pool", pool), inPanic);
        gauge("rxhealth_lbd_pool_healthy_share", "Effective weight of the probe-up members over the configured weight"
                + " of the members no operator took out", Map.of("pool", pool), healthyShare);
    }

    /** A gauge read from {@code source} at scrape time. */
    public <T> void gauge(String name, String description, Map<String, String> tags, T source,
                          ToDoubleFunction<T> value) {
        var builder = Gauge.builder(name, source, value).description(description);
        tags.forEach(builder::tag);
        builder.register(registry);
    }

    /** A gauge of a supplier, for values computed on demand. */
    public void gauge(String name, String description, Map<String, String> tags, Supplier<Number> value) {
        // Held strongly: the supplier is usually a lambda nothing else references, and a gauge holds
        // its source weakly by default, so after the next GC it would report NaN.
        var builder = Gauge.builder(name, value).description(description).strongReference(true);
        tags.forEach(builder::tag);
        builder.register(registry);
    }
}
