package io.rxhealth.ovs.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** CPU time a process used so far, from {@code /proc/PID/stat} (utime + stime, in clock ticks of 1/100 s). */
final class ProcCpu {
    /** USER_HZ on Linux for every architecture the project builds for (sysconf(_SC_CLK_TCK)). */
    private static final double TICKS_PER_SECOND = 100.0;

    private ProcCpu() {
    }

    static double seconds(long pid) throws IOException {
        return fromStat(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
    }

    /** CPU time of the process's children that ended (cutime + cstime): the daemon's ovs-ofctl calls. */
    static double childrenSeconds(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(fields[13]) + Long.parseLong(fields[14])) / TICKS_PER_SECOND;
    }

    /** CPU seconds of each of the process's threads, summed by thread name (the JVM names them: rx-fleet, ...). */
    static Map<String, Double> threads(long pid) throws IOException {
        Map<String, Double> byName = new TreeMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks.toList()) {
                try {
                    String name = Files.readString(task.resolve("comm")).strip();
                    byName.merge(name, fromStat(Files.readString(task.resolve("stat"))), Double::sum);
                } catch (IOException e) {
                    // The thread ended between the listing and the read.
                }
            }
        }
        return byName;
    }

    private static double fromStat(String stat) {
        // The command name, field 2, may hold spaces: count the fields after its closing parenthesis.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long utime = Long.parseLong(fields[11]);
        long stime = Long.parseLong(fields[12]);
        return (utime + stime) / TICKS_PER_SECOND;
    }
}
