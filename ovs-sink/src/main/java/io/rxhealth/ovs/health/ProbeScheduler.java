package io.rxhealth.ovs.health;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.BackgroundExecutors;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
/**
 * Runs every member's liveness probe at a fixed rate on a small thread pool, spreading the
 * members over the interval, and hands each result to a listener. A probe that throws is a
 * failed probe; the listener never sees an exception.
 */
public final class ProbeScheduler implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ProbeScheduler.class);

    /** Receives every probe result, on a probe thread. */
    @FunctionalInterface
    public interface Listener {
        void onProbe(String key, ProbeResult result);
    }

    private final Map<String, LivenessProbe> probes;
    private final Duration interval;
    private final Listener listener;
    private final ScheduledExecutorService executor;

    /** {@code probes} by member key; probes block for at most their timeout (< interval). */
    public ProbeScheduler(Map<String, LivenessProbe> probes, Duration interval, int threads, Listener listener) {
        this.probes = new LinkedHashMap<>(probes);
        this.interval = requireNonNull(interval, "interval");
        this.listener = requireNonNull(listener, "listener");
        this.executor = Executors.newScheduledThreadPool(Math.max(1, threads),
                BackgroundExecutors.numberedThreads("rx-probe-"));
    }

    /** Probes every member once, in parallel, and waits for all of them (used at start). */
    public void runOnce() throws InterruptedException {
        List<Callable<Void>> all = new ArrayList<>();
        probes.forEach((key, probe) -> all.add(() -> {
            probeOne(key, probe);
            return null;
        }));
        executor.invokeAll(all);
    }

    /** Starts periodic probing; the first round begins one interval from now. */
    public void start() {
        long periodNanos = interval.toNanos();
        int i = 0;
        for (Map.Entry<String, LivenessProbe> e : probes.entrySet()) {
            // Spread members over the interval so probes do not leave in one burst.
            long offset = periodNanos + periodNanos * i++ / Math.max(1, probes.size());
            executor.scheduleAtFixedRate(() -> probeOne(e.getKey(), e.getValue()), offset, periodNanos,
                    TimeUnit.NANOSECONDS);
        }
    }

    private void probeOne(String key, LivenessProbe probe) {
        ProbeResult result;
        try {
            result = probe.run();
        } catch (Exception e) {
            result = ProbeResult.fail(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        try {
            listener.onProbe(key, result);
        } catch (RuntimeException e) {
            // A periodic task that throws is cancelled for good: log and keep probing.
            log.error("probe listener failed for {}", key, e);
        }
    }

    @Override
    public void close() {
        BackgroundExecutors.stop(executor);
    }
}
