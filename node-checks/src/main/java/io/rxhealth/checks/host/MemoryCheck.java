package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.CheckResult;

/**
 * Memory in use as a fraction, {@code 1 - available / total}: page cache the kernel can reclaim
 * counts as available, so a node full of cache is not reported as short of memory.
 */
final class MemoryCheck extends ThresholdCheck<MemoryReadings.Memory> {
    static final String NAME = "memory";

    MemoryCheck(MemoryReadings readings, Thresholds thresholds) {
        super(NAME, requireNonNull(readings, "readings")::read, thresholds);
    }

    @Override
    CheckResult judge(MemoryReadings.Memory memory) {
        if (memory.totalBytes() <= 0) {
            throw new IllegalStateException("memory: total " + memory.totalBytes() + " bytes (expected: > 0)");
        }
        if (memory.availableBytes() < 0) {
            throw new IllegalStateException(
                    "memory: available " + memory.availableBytes() + " bytes (expected: >= 0)");
        }
        double used = Math.max(0, 1 - (double) memory.availableBytes() / memory.totalBytes());
        return new CheckResult(NAME, thresholds.evaluate(used),
                "memory " + Format.percent(used) + " used " + Format.limits(thresholds));
    }
}
