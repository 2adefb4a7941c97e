package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import oshi.hardware.VirtualMemory;

/** Swap from OSHI: on Linux SwapTotal and SwapTotal - SwapFree of {@code /proc/meminfo}. */
final class OshiSwapReadings implements SwapReadings {
    private final VirtualMemory memory;

    OshiSwapReadings(VirtualMemory memory) {
        this.memory = requireNonNull(memory, "memory");
    }

    @Override
    public Swap read() {
        return new Swap(memory.getSwapTotal(), memory.getSwapUsed());
    }
}
