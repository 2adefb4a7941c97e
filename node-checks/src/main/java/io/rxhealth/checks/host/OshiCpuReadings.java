package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import oshi.hardware.CentralProcessor;
import oshi.hardware.CentralProcessor.TickType;

/** CPU counters from OSHI ({@code /proc/stat} on Linux). */
final class OshiCpuReadings implements CpuReadings {
    private final CentralProcessor processor;

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
        return new CpuTicks(idle, total);
    }
}
