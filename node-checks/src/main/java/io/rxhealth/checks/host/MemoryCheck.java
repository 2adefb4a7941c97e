package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;

/**
 * Memory in use as a fraction, {@code 1 - available / total}: page cache the kernel can reclaim
 * counts as available, so a node full of cache is not reported as short of memory.
 */
final class MemoryCheck implements Check {
    static final String NAME = "memory";

    private final MemoryReadings readings;
    private final Thresholds thresholds;

    MemoryCheck(MemoryReadings readings, Thresholds thresholds) {
        this.readings = requireNonNull(readings, "readings");
        this.thresholds = requireNonNull(thresholds, "thresholds");
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run() {
        MemoryReadings.Memory memory = readings.read();
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
