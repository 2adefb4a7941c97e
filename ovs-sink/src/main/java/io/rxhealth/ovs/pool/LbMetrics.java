package io.rxhealth.ovs.pool;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.rxhealth.ovs.health.AgentFailure;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * The daemon's meters, on a registry passed in (never the global one). Counters are aggregated
 * over members so that 10,000 members do not make 10,000 series per counter; per-member figures
 * are gauges of what the layout uses.
 */
public final class LbMetrics {
    private final MeterRegistry registry;
    private final Counter probePassed;
    private final Counter probeFailed;
    private final Counter probeTransitions;
    private final Counter agentReplies;
    private final Counter agentReplyErrors;
    private final Map<AgentFailure, Counter> agentFailures = new EnumMap<>(AgentFailure.class);

    public LbMetrics(MeterRegistry registry) {
        this.registry = requireNonNull(registry, "registry");
        this.probePassed = Counter.builder("rxh_lbd_probes").tag("result", "passed")
                .description("Liveness probes run").register(registry);
        this.probeFailed = Counter.builder("rxh_lbd_probes").tag("result", "failed")
                .description("Liveness probes run").register(registry);
        this.probeTransitions = Counter.builder("rxh_lbd_probe_transitions")
                .description("Members whose probe state changed").register(registry);
        this.agentReplies = Counter.builder("rxh_lbd_agent_polls").tag("outcome", "reply")
                .description("Agent polls by outcome").register(registry);
        for (AgentFailure f : AgentFailure.values()) {
            agentFailures.put(f, Counter.builder("rxh_lbd_agent_polls")
                    .tag("outcome", f.name().toLowerCase(Locale.ROOT))
                    .description("Agent polls by outcome").register(registry));
        }
        this.agentReplyErrors = Counter.builder("rxh_lbd_agent_reply_errors")
                .description("Agent replies HAProxy would report as an error or a warning").register(registry);
    }

    void probe(boolean passed) {
        (passed ? probePassed : probeFailed).increment();
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
        return Counter.builder("rxh_lbd_slot_table_applies").tag("pool", pool).tag("result", result)
                .description("Slot table applies by result").register(registry);
    }

    Counter failClose(String pool) {
        return Counter.builder("rxh_lbd_fail_close").tag("pool", pool)
                .description("Applies of an empty slot table: every member out, traffic dropped")
                .register(registry);
    }

    Counter drifts(String pool) {
        return Counter.builder("rxh_lbd_drift_repairs").tag("pool", pool)
                .description("Times the data plane no longer held the installed table and it was re-applied")
                .register(registry);
    }

    /**
     * The pool's panic gauges: {@code inPanic} 1 while the last layout was in panic, else 0;
     * {@code healthyShare} the healthy weight over the counted weight of that layout (NaN before
     * the first, and when no weight counts), to alert on before the threshold is crossed.
     */
    void panic(String pool, Supplier<Number> inPanic, Supplier<Number> healthyShare) {
        gauge("rxh_lbd_pool_panic", "1 while the pool is in panic: its healthy weight share is below the panic"
                + " threshold and every probe-up member gets its configured weight", Map.of("pool", pool), inPanic);
        gauge("rxh_lbd_pool_healthy_share", "Effective weight of the probe-up members over the configured weight"
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
