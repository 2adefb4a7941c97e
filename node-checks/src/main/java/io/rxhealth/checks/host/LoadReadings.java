package io.rxhealth.checks.host;

/** Source of the host's 1-minute load average and its number of logical processors. */
@FunctionalInterface
interface LoadReadings {
    Load read();

    /** {@code oneMinute} is negative when the platform has no load average (OSHI returns -1). */
    record Load(double oneMinute, int logicalCores) {
    }
}
