package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;

/** Swap in use as a fraction of the configured swap; a host without swap is OK ("no swap"). */
final class SwapCheck implements Check {
    static final String NAME = "swap";

    private final SwapReadings readings;
    private final Thresholds thresholds;

    SwapCheck(SwapReadings readings, Thresholds thresholds) {
        this.readings = requireNonNull(readings, "readings");
        this.thresholds = requireNonNull(thresholds, "thresholds");
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run() {
        SwapReadings.Swap swap = readings.read();
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
