package io.rxhealth.checks.host;

/** Source of the host's configured swap and the swap in use, in bytes; total 0 means no swap. */
@FunctionalInterface
interface SwapReadings {
    Swap read();

    record Swap(long totalBytes, long usedBytes) {
    }
}
