package io.rxhealth.weighting.reload;

import static java.util.Objects.requireNonNull;

import java.time.InstantSource;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * {@code systemctl reload}: SIGHUP re-reads the config. The new config is loaded and validated in
 * full before anything changes; a bad one leaves the running config as it is and says why in one
 * line (the log, and {@link #lastOk()} for the program's {@code config_last_reload_successful}
 * gauge); an unchanged one does nothing.
 *
 * @param <C> the config type; equal configs (records) are "unchanged"
 */
public final class ConfigReload<C> {
    /** Makes the running program use {@code next} instead of {@code current}; throws to refuse it. */
    public interface Target<C> {
        void apply(C current, C next) throws Exception;
    }

    public enum Result { APPLIED, UNCHANGED, FAILED }

    private final Supplier<C> source;
    private final Target<C> target;
    private final InstantSource clock;
    private final ReloadLog log;
    private final AtomicLong applied = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private volatile C current;
    private volatile boolean lastOk = true;
    private volatile long lastSuccessEpochSecond;
    private volatile String lastError = "";

    /**
     * @param source loads and validates the config (throws with a one-line message when it is bad)
     * @param initial the config running now
     * @param log     where the reload's one-line outcome goes
     */
    public ConfigReload(Supplier<C> source, C initial, Target<C> target, InstantSource clock, ReloadLog log) {
        this.source = requireNonNull(source, "source");
        this.current = requireNonNull(initial, "initial");
        this.target = requireNonNull(target, "target");
        this.clock = requireNonNull(clock, "clock");
        this.log = requireNonNull(log, "log");
        this.lastSuccessEpochSecond = clock.instant().getEpochSecond();
    }

    /** Loads the config again and applies it if it is valid and differs. Never throws. */
    public synchronized Result reload() {
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
        log.warn("reload refused, the running config stays: " + lastError);
        return Result.FAILED;
    }

    public C current() {
        return current;
    }

    public boolean lastOk() {
        return lastOk;
    }

    public String lastError() {
        return lastError;
    }

    /** Unix time of the last successful config load (the start, or a reload that took or kept a valid config). */
    public long lastSuccessEpochSecond() {
        return lastSuccessEpochSecond;
    }

    /** Reloads refused since start. */
    public long failedCount() {
        return failed.get();
    }

    /**
     * Until {@link #onSighup} replaces it, a SIGHUP only says the config is being read now: the
     * JVM's own handler would exit 129 on a reload that comes while the daemon starts.
     * sun.misc.Signal (module jdk.unsupported, present in every JDK 17 runtime) is the only way
     * the JDK offers to catch SIGHUP.
     */
    public static void holdSighupWhileStarting(ReloadLog log) {
        sun.misc.Signal.handle(new sun.misc.Signal("HUP"),
                sig -> log.info("reload: still starting; the config is being read now"));
    }

    /**
     * Runs {@link #reload()} on {@code executor} at every SIGHUP. A process that inherited SIGHUP
     * ignored (started under nohup, or by a supervisor that ignores it) keeps it ignored: the JVM
     * installs no handler then, and says so only by handing back SIG_IGN; the log says it instead.
     */
    public void onSighup(Executor executor) {
        sun.misc.SignalHandler before = sun.misc.Signal.handle(new sun.misc.Signal("HUP"),
                sig -> executor.execute(this::reload));
        if (before == sun.misc.SignalHandler.SIG_IGN) {
            log.warn("SIGHUP is ignored by this process (started under nohup?): a reload by SIGHUP does nothing;"
                    + " restart to take a new config");
        }
    }
}
