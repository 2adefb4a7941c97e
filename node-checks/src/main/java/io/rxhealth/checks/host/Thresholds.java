package io.rxhealth.checks.host;

import io.rxhealth.weighting.Level;

/**
 * Warn and critical limits of one check value, in that value's unit: a fraction 0..1 for the
 * percentage checks (CPU, memory, swap, disk, inodes: configured {@code 80%} is {@code 0.8}) and
 * load per logical core for the load check. A value at a limit has reached it.
 */
public record Thresholds(double warn, double crit) {
    public Thresholds {
        // Written as !(x >= ...) so that NaN is rejected too.
        if (!(warn >= 0) || Double.isInfinite(warn)) {
            throw new IllegalArgumentException("warn: " + warn + " (expected: a finite number >= 0)");
        }
        if (!(crit >= warn) || Double.isInfinite(crit)) {
            throw new IllegalArgumentException(
                    "crit: " + crit + " (expected: a finite number >= warn " + warn + ")");
        }
    }

    /** {@link Level#CRIT} at or above {@code crit}, {@link Level#WARN} at or above {@code warn}. */
    public Level evaluate(double value) {
        if (Double.isNaN(value)) {
            // NaN compares false with everything and would pass as OK.
            throw new IllegalArgumentException("value: NaN (expected: a number)");
        }
        if (value >= crit) {
            return Level.CRIT;
        }
        if (value >= warn) {
            return Level.WARN;
        }
        return Level.OK;
    }
}
