package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import oshi.hardware.CentralProcessor;
import oshi.hardware.CentralProcessor.TickType;

/**
 * The host's CPU counters from OSHI ({@code /proc/stat} on Linux); this process's own CPU time
 * from the JDK ({@code /proc/self/stat} on Linux). OSHI's process object would give the same
 * number, but refreshing it formats its /proc paths with {@code Locale.ROOT}, which makes the
 * JDK load the data of every locale (~0.3 MB of heap and ~1.1 MiB of RSS for good,
 * docs/PERFORMANCE.md).
 */
final class OshiCpuReadings implements CpuReadings {
    private final CentralProcessor processor;
    private long ownMillis;

    OshiCpuReadings(CentralProcessor processor) {
        this.processor = requireNonNull(processor, "processor");
    }

    @Override
    public CpuTicks ticks() {
        long[] ticks = processor.getSystemCpuLoadTicks();
        long total = 0;
        for (long t : ticks) {
            total += t;
        }
        // The split of OSHI's own getSystemCpuLoadBetweenTicks: iowait is idle time (the CPU
        // could run other work), steal is busy time (this guest did not get the CPU).
        long idle = ticks[TickType.IDLE.getIndex()] + ticks[TickType.IOWAIT.getIndex()];
        // This process's user + kernel time, in milliseconds like OSHI's host counters. Where the
        // JDK cannot tell, the last value stays, so the agent's own share is then not subtracted.
        ProcessHandle.current().info().totalCpuDuration().map(Duration::toMillis).ifPresent(ms -> ownMillis = ms);
        return new CpuTicks(idle, total, ownMillis);
    }
}
