package io.rxhealth.ovs.pool;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.threads.BackgroundExecutors;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the {@link PoolController} on one thread: at once after a member change, every
 * {@code interval}, {@code retry} after a failed apply, and at once, forced, on request. Changes
 * are not delayed to be batched: the first of a burst is applied at once, and those that arrive
 * while an apply runs are applied together by one more apply right after it (the agent poller
 * spreads a round over the whole interval, so a fixed delay gathered few changes and cost every
 * one of them the delay; docs/PERFORMANCE.md, "Coalescing changes"). The read-back that repairs
 * drift runs every {@code interval} on a thread of its own and hands a drifted pool to the apply
 * thread: a change never waits behind a read of the data plane.
 */
public final class ReconcileLoop implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ReconcileLoop.class);

    private final Reconciler controller;
    private final Duration interval;
    private final Duration retry;
    private final ScheduledExecutorService executor;
    private final ScheduledExecutorService readback;
    private final AtomicBoolean changePending = new AtomicBoolean();
    private final AtomicBoolean retryPending = new AtomicBoolean();
    /** False until the first reconcile: changes seen while members are first probed are not applied one by one. */
    private volatile boolean live;

    public ReconcileLoop(Reconciler controller, Duration interval, Duration retry) {
        this.controller = requireNonNull(controller, "controller");
        this.interval = requireNonNull(interval, "interval");
        this.retry = requireNonNull(retry, "retry");
        this.executor = Executors.newSingleThreadScheduledExecutor(BackgroundExecutors.threads("rx-reconcile"));
        this.readback = Executors.newSingleThreadScheduledExecutor(BackgroundExecutors.threads("rx-readback"));
    }

    /** Starts the periodic reconcile and read-back; the first ones run one interval from now. */
    public void start() {
        live = true;
        executor.scheduleWithFixedDelay(() -> run(false), interval.toNanos(), interval.toNanos(),
                TimeUnit.NANOSECONDS);
        readback.scheduleWithFixedDelay(this::verify, interval.toNanos(), interval.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void verify() {
        try {
            if (controller.verify()) {
                executor.execute(() -> run(false));
            }
        } catch (RuntimeException e) {
            // As for the apply: a bug must not end the schedule.
            log.error("read-back failed", e);
        }
    }

    /**
     * A member changed: reconcile now, or right after the apply that runs (once the first reconcile
     * has begun). At most one such reconcile waits: every change until it starts is in it. Cheap,
     * any thread.
     */
    public void request() {
        if (live && changePending.compareAndSet(false, true)) {
            executor.execute(() -> {
                // Cleared before the layout reads the members: a change from now on asks for one more.
                changePending.set(false);
                run(false);
            });
        }
    }

    /** Reconciles now on the loop's thread and waits; true when every pool's apply succeeded. */
    public boolean reconcileNow(boolean force) throws InterruptedException {
        live = true;
        try {
            return executor.submit(() -> run(force)).get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("reconcile failed", e.getCause());
        }
    }

    private boolean run(boolean force) {
        boolean ok;
        try {
            ok = controller.reconcile(force);
        } catch (RuntimeException e) {
            // A bug must not end the schedule: log, and try again on the retry delay.
            log.error("reconcile failed", e);
            ok = false;
        }
        if (!ok && retryPending.compareAndSet(false, true)) {
            executor.schedule(() -> {
                retryPending.set(false);
                run(false);
            }, retry.toNanos(), TimeUnit.NANOSECONDS);
        }
        return ok;
    }

    @Override
    public void close() {
        BackgroundExecutors.stop(readback);
        BackgroundExecutors.stop(executor);
    }
}
