package io.rxhealth.ovs.cli;

import static java.util.Objects.requireNonNull;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.InstantSource;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code systemctl reload}: SIGHUP re-reads the config. The new config is loaded and validated in
 * full before anything changes; a bad one leaves the running config as it is and says why in one
 * line (log and {@code rxh_lbd_config_last_reload_successful 0}); an unchanged one does nothing.
 *
 * @param <C> the config type; equal configs (records) are "unchanged"
 */
final class ConfigReload<C> {
    private static final Logger log = LoggerFactory.getLogger(ConfigReload.class);

    /** Makes the running program use {@code next} instead of {@code current}; throws to refuse it. */
    interface Target<C> {
        void apply(C current, C next) throws Exception;
    }

    enum Result { APPLIED, UNCHANGED, FAILED }

    private final Supplier<C> source;
    private final Target<C> target;
    private final InstantSource clock;
    private final AtomicLong applied = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private volatile C current;
    private volatile boolean lastOk = true;
    private volatile long lastSuccessEpochSecond;
    private volatile String lastError = "";

    /**
     * @param source loads and validates the config (throws with a one-line message when it is bad)
     * @param initial the config running now
     */
    ConfigReload(Supplier<C> source, C initial, Target<C> target, InstantSource clock) {
        this.source = requireNonNull(source, "source");
        this.current = requireNonNull(initial, "initial");
        this.target = requireNonNull(target, "target");
        this.clock = requireNonNull(clock, "clock");
        this.lastSuccessEpochSecond = clock.instant().getEpochSecond();
    }

    /** Loads the config again and applies it if it is valid and differs. Never throws. */
    synchronized Result reload() {
        C next;
        try {
            next = source.get();
        } catch (RuntimeException e) {
            return fail(e);
        }
        if (next.equals(current)) {
            lastOk = true;
            lastSuccessEpochSecond = clock.instant().getEpochSecond();
            log.info("reload: config unchanged");
            return Result.UNCHANGED;
        }
        try {
            target.apply(current, next);
        } catch (Exception e) {
            return fail(e);
        }
        current = next;
        applied.incrementAndGet();
        lastOk = true;
        lastError = "";
        lastSuccessEpochSecond = clock.instant().getEpochSecond();
        log.info("reload: new config applied");
        return Result.APPLIED;
    }

    private Result fail(Exception e) {
        failed.incrementAndGet();
        lastOk = false;
        lastError = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        log.warn("reload refused, the running config stays: {}", lastError);
        return Result.FAILED;
    }

    C current() {
        return current;
    }

    boolean lastOk() {
        return lastOk;
    }

    String lastError() {
        return lastError;
    }

    /** Registers the reload metrics on {@code registry} (each node after a reload has its own). */
    void register(MeterRegistry registry) {
        Gauge.builder("rxh_lbd_config_last_reload_successful", this, r -> r.lastOk ? 1 : 0)
                .description("1 if the last reload (or the start) took the config").register(registry);
        Gauge.builder("rxh_lbd_config_last_reload_success_timestamp_seconds", this, r -> r.lastSuccessEpochSecond)
                .description("Unix time of the last successful config load (start or reload)").register(registry);
        FunctionCounter.builder("rxh_lbd_config_reloads_failed", failed, AtomicLong::get)
                .description("Reloads refused (bad config, kept the running one)").register(registry);
    }

    /**
     * Until {@link #onSighup} replaces it, a SIGHUP only says the config is being read now: the
     * JVM's own handler would exit 129 on a reload that comes while the daemon starts.
     * sun.misc.Signal (module jdk.unsupported, present in every JDK 17 runtime) is the only way
     * the JDK offers to catch SIGHUP.
     */
    static void holdSighupWhileStarting() {
        sun.misc.Signal.handle(new sun.misc.Signal("HUP"),
                sig -> log.info("reload: still starting; the config is being read now"));
    }

    /**
     * Runs {@link #reload()} on {@code executor} at every SIGHUP. A process that inherited SIGHUP
     * ignored (started under nohup, or by a supervisor that ignores it) keeps it ignored: the JVM
     * installs no handler then, and says so only by handing back SIG_IGN; the log says it instead.
     */
    void onSighup(Executor executor) {
        sun.misc.SignalHandler before = sun.misc.Signal.handle(new sun.misc.Signal("HUP"),
                sig -> executor.execute(this::reload));
        if (before == sun.misc.SignalHandler.SIG_IGN) {
            log.warn("SIGHUP is ignored by this process (started under nohup?): a reload by SIGHUP does nothing;"
                    + " restart to take a new config");
        }
    }
}
