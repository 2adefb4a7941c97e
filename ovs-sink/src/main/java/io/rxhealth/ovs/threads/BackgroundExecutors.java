package io.rxhealth.ovs.threads;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Threads and stop of the daemon's background executors (probes, reconcile, neighbours, pipeline
 * checks, API). Their threads are daemon threads, so a forgotten executor never keeps the JVM up
 * once main is done; a stop interrupts the running tasks and waits a bounded time, so shutting the
 * daemon down never hangs on a stuck OVS command or probe.
 */
public final class BackgroundExecutors {
    private static final long STOP_WAIT_SECONDS = 5;

    private BackgroundExecutors() {
    }

    /** Daemon threads, each named {@code name}. */
    public static ThreadFactory threads(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /** Daemon threads named {@code prefix1}, {@code prefix2}, ... in the order they are made. */
    public static ThreadFactory numberedThreads(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /** Interrupts the running tasks, drops the queued ones, and waits up to 5 s for them to end. */
    public static void stop(ExecutorService executor) {
        executor.shutdownNow();
        try {
            executor.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
