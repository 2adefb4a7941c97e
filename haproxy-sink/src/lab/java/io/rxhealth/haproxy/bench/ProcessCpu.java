package io.rxhealth.haproxy.bench;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This JVM's CPU time split into user and kernel, and its collectors' pauses, read from
 * {@code /proc/self/stat} (Linux, in clock ticks of 10 ms: meaningful over seconds, not per call).
 * For the lab programs' reports: what a connection costs, and where.
 */
record ProcessCpu(double userSeconds, double systemSeconds, long gcCount, long gcMillis) {
    private static final double TICK_SECONDS = 0.01;

    static ProcessCpu now() {
        double user = Double.NaN;
        double system = Double.NaN;
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // The command name may hold spaces; the fields after it are space-separated.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            user = Long.parseLong(f[11]) * TICK_SECONDS;
            system = Long.parseLong(f[12]) * TICK_SECONDS;
        } catch (IOException | RuntimeException e) {
            // Not Linux: the report says NaN.
        }
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
            millis += Math.max(0, gc.getCollectionTime());
        }
        return new ProcessCpu(user, system, count, millis);
    }

    /** What was spent between {@code before} and now, per {@code connections}, as one line. */
    static String since(ProcessCpu before, long connections) {
        ProcessCpu after = now();
        double user = after.userSeconds - before.userSeconds;
        double system = after.systemSeconds - before.systemSeconds;
        double per = 1e6 / Math.max(1, connections);
        return String.format("CPU user %.2f s + kernel %.2f s = %.1f us per connection (%.1f + %.1f) over %,d;"
                        + " %d collections, %d ms paused", user, system, (user + system) * per, user * per,
                system * per, connections, after.gcCount - before.gcCount, after.gcMillis - before.gcMillis);
    }
}
