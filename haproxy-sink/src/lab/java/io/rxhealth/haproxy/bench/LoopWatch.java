package io.rxhealth.haproxy.bench;

import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Where the event loops' time goes, for {@link ReplyServerMain}'s reports: how late a task
 * scheduled every 2 ms runs on each loop (what a new connection waits before the loop looks at the
 * accept queue again, give or take the 2 ms), and from the kernel's scheduler statistics
 * ({@code /proc/self/task/TID/schedstat}) how long the loop threads ran and how long they were
 * runnable but waited for a CPU. Lab code: the periodic task costs the loop a little (500 a second).
 */
final class LoopWatch implements AutoCloseable {
    private static final long PERIOD_NANOS = 2_000_000L;

    private final List<ScheduledFuture<?>> tasks = new ArrayList<>();
    private final String threadNamePrefix;
    // Per loop thread, its run and wait nanoseconds at the last report.
    private final Map<Path, long[]> lastSched = new HashMap<>();
    private Samples lateness = new Samples();

    LoopWatch(EventLoopGroup loops, String threadNamePrefix) {
        for (EventExecutor loop : loops) {
            long[] next = {System.nanoTime() + PERIOD_NANOS};
            tasks.add(loop.scheduleAtFixedRate(() -> {
                long now = System.nanoTime();
                synchronized (this) {
                    lateness.add(Math.max(0, now - next[0]));
                }
                next[0] += PERIOD_NANOS;
            }, PERIOD_NANOS, PERIOD_NANOS, TimeUnit.NANOSECONDS));
        }
        this.threadNamePrefix = threadNamePrefix;
        sched();
    }

    /** The figures since the last call, as one line. */
    synchronized String sinceLast(double seconds) {
        long[] l = lateness.sorted();
        lateness = new Samples();
        long[] delta = sched();
        double run = delta[0] / 1e9;
        double wait = delta[1] / 1e9;
        return String.format("loop lateness us p50 %.0f p99 %.0f max %.0f; loop threads ran %.0f %% of the time,"
                        + " waited for a CPU %.0f %%", Samples.micros(l, 0.5), Samples.micros(l, 0.99),
                Samples.micros(l, 1.0), 100 * run / seconds, 100 * wait / seconds);
    }

    @Override
    public void close() {
        tasks.forEach(t -> t.cancel(false));
    }

    /** Run and wait nanoseconds of the loop threads since the last call; finds threads started since. */
    private long[] sched() {
        long run = 0;
        long wait = 0;
        for (Path p : threadsNamed(threadNamePrefix)) {
            try {
                String[] f = Files.readString(p).trim().split(" ");
                long[] now = {Long.parseLong(f[0]), Long.parseLong(f[1])};
                long[] before = lastSched.getOrDefault(p, now);
                run += now[0] - before[0];
                wait += now[1] - before[1];
                lastSched.put(p, now);
            } catch (IOException | RuntimeException e) {
                // The thread ended, or not Linux: the figure is lower than it should be.
            }
        }
        return new long[] {run, wait};
    }

    private static List<Path> threadsNamed(String prefix) {
        var found = new ArrayList<Path>();
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                try {
                    if (Files.readString(task.resolve("comm")).startsWith(prefix)) {
                        found.add(task.resolve("schedstat"));
                    }
                } catch (IOException ignored) {
                    // gone meanwhile
                }
            }
        } catch (IOException e) {
            // not Linux
        }
        return found;
    }
}
