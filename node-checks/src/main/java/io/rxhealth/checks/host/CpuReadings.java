package io.rxhealth.checks.host;

/** Source of the host's cumulative CPU time counters. */
@FunctionalInterface
interface CpuReadings {
    CpuTicks ticks();
}
