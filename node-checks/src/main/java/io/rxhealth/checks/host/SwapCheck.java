package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.CheckResult;

/** Swap in use as a fraction of the configured swap; a host without swap is OK ("no swap"). */
final class SwapCheck extends ThresholdCheck<SwapReadings.Swap> {
    static final String NAME = "swap";

    SwapCheck(SwapReadings readings, Thresholds thresholds) {
        super(NAME, requireNonNull(readings, "readings")::read, thresholds);
    }

    @Override
    CheckResult judge(SwapReadings.Swap swap) {
        if (swap.totalBytes() < 0 || swap.usedBytes() < 0) {
            throw new IllegalStateException("swap: total " + swap.totalBytes() + ", used "
                    + swap.usedBytes() + " bytes (expected: >= 0)");
        }
        if (swap.totalBytes() == 0) {
            return CheckResult.ok(NAME, "no swap");
        }
        double used = Math.min(1, (double) swap.usedBytes() / swap.totalBytes());
        return new CheckResult(NAME, thresholds.evaluate(used),
                "swap " + Format.percent(used) + " used " + Format.limits(thresholds));
    }
}
