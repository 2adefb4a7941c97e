package io.rxhealth.agent;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Decision;
import io.rxhealth.weighting.State;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToDoubleFunction;

/**
 * The agent's Prometheus metrics, on a registry passed in (never the global one). Names follow
 * Prometheus conventions: units in names, {@code _total} counters.
 */
public final class AgentMetrics {
    private final PrometheusMeterRegistry registry;
    private final Map<String, AtomicInteger> checkLevel = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> checkLastSuccess = new ConcurrentHashMap<>();
    private final Map<String, Timer> checkDuration = new ConcurrentHashMap<>();
    private final AtomicInteger weight = new AtomicInteger(-1);
    private final Map<State, AtomicInteger> state = new EnumMap<>(State.class);
    private final Counter transitions;

    public AgentMetrics(PrometheusMeterRegistry registry) {
        this.registry = registry;
        for (State s : State.values()) {
            AtomicInteger v = new AtomicInteger();
            state.put(s, v);
            Gauge.builder("rxhealth_verdict_state", v, AtomicInteger::get)
                    .description("1 for the state the agent serves now (up, down, drain, maint)")
                    .tag("state", s.name().toLowerCase(java.util.Locale.ROOT)).register(registry);
        }
        Gauge.builder("rxhealth_verdict_weight_percent", weight, AtomicInteger::get)
                .description("Weight the agent asks for, in percent of the configured weight").register(registry);
        transitions = Counter.builder("rxhealth_verdict_transitions").description("Changes of the served verdict")
                .register(registry);
    }

    public PrometheusMeterRegistry registry() {
        return registry;
    }

    void recordCheck(CheckResult r, Duration took, Instant lastSuccess) {
        checkLevel.computeIfAbsent(r.check(), name -> {
            AtomicInteger v = new AtomicInteger();
            Gauge.builder("rxhealth_check_level", v, AtomicInteger::get)
                    .description("Last level of the check: 0 ok, 1 warn, 2 crit, 3 unknown")
                    .tag("check", name).register(registry);
            return v;
        }).set(r.level().ordinal());
        checkDuration.computeIfAbsent(r.check(), name -> Timer.builder("rxhealth_check_duration")
                .description("How long the check took").tag("check", name).register(registry)).record(took);
        AtomicLong success = checkLastSuccess.computeIfAbsent(r.check(), name -> {
            AtomicLong v = new AtomicLong();
            Gauge.builder("rxhealth_check_last_success_timestamp_seconds", v, AtomicLong::get)
                    .description("Unix time of the check's last OK run, 0 if never").tag("check", name)
                    .register(registry);
            return v;
        });
        if (lastSuccess != null) {
            success.set(lastSuccess.getEpochSecond());
        }
    }

    void recordVerdict(Decision d) {
        weight.set(d.verdict().weightPercent());
        state.forEach((s, v) -> v.set(s == d.verdict().state() ? 1 : 0));
    }

    void countTransition() {
        transitions.increment();
    }

    /** Registers a monotonic counter read from elsewhere (e.g. the 9505 server's statistics). */
    public <T> void counter(String name, String description, T source, ToDoubleFunction<T> read) {
        FunctionCounter.builder(name, source, read).description(description).register(registry);
    }

    /** Registers a gauge read from elsewhere. */
    public <T> void gauge(String name, String description, T source, ToDoubleFunction<T> read, String... tags) {
        Gauge.builder(name, source, read).description(description).tags(tags).register(registry);
    }

    public String scrape() {
        return registry.scrape();
    }
}
