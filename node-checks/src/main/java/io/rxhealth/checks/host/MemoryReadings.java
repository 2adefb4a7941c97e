package io.rxhealth.checks.host;

/** Source of the host's physical memory size and the memory available to new work, in bytes. */
@FunctionalInterface
interface MemoryReadings {
    Memory read();

    /** {@code availableBytes} is the kernel's MemAvailable: free plus reclaimable cache. */
    record Memory(long totalBytes, long availableBytes) {
    }
}
