package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import oshi.hardware.GlobalMemory;

/** Physical memory from OSHI. */
final class OshiMemoryReadings implements MemoryReadings {
    private final GlobalMemory memory;

    OshiMemoryReadings(GlobalMemory memory) {
        this.memory = requireNonNull(memory, "memory");
    }

    @Override
    public Memory read() {
        // On Linux OSHI 6.12 reads both from /proc/meminfo: getTotal is MemTotal and getAvailable
        // is MemAvailable (the kernel's own estimate, free plus reclaimable page cache and slab);
        // only kernels before 3.14, which lack that line, get OSHI's estimate
        // MemFree + Active(file) + Inactive(file) + SReclaimable (LinuxGlobalMemory.readMemInfo).
        // Values are memoized by OSHI for 300 ms.
        return new Memory(memory.getTotal(), memory.getAvailable());
    }
}
