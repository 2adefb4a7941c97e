package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import oshi.hardware.CentralProcessor;
import oshi.hardware.CentralProcessor.TickType;
import oshi.software.os.OSProcess;

/** CPU counters from OSHI ({@code /proc/stat} and {@code /proc/self/stat} on Linux). */
final class OshiCpuReadings implements CpuReadings {
    private final CentralProcessor processor;
    private final OSProcess self;

    OshiCpuReadings(CentralProcessor processor, OSProcess self) {
        this.processor = requireNonNull(processor, "processor");
        this.self = requireNonNull(self, "self");
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
        // This process's user + kernel time, in OSHI's milliseconds like the host counters. A
        // failed refresh keeps the last value, so the agent's own share is then not subtracted.
        self.updateAttributes();
        return new CpuTicks(idle, total, self.getUserTime() + self.getKernelTime());
    }
}
