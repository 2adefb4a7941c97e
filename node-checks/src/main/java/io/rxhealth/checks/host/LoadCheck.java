package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.CheckResult;

/** 1-minute load average per logical core against thresholds in load per core. */
final class LoadCheck extends ThresholdCheck<LoadReadings.Load> {
    static final String NAME = "load";

    LoadCheck(LoadReadings readings, Thresholds thresholds) {
        super(NAME, requireNonNull(readings, "readings")::read, thresholds);
    }

    @Override
    CheckResult judge(LoadReadings.Load load) {
        if (!(load.oneMinute() >= 0)) {
            throw new IllegalStateException(
                    "load: 1-minute average " + load.oneMinute() + " (expected: >= 0; none on this platform?)");
        }
        if (load.logicalCores() < 1) {
            throw new IllegalStateException(
                    "load: logical cores " + load.logicalCores() + " (expected: >= 1)");
        }
        double perCore = load.oneMinute() / load.logicalCores();
        return new CheckResult(NAME, thresholds.evaluate(perCore), String.format(Format.NUMBERS,
                "load %.2f per core (warn %.2f, crit %.2f)", perCore, thresholds.warn(), thresholds.crit()));
    }
}
