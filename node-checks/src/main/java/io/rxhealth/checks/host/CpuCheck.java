package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import java.time.Duration;

/**
 * Busy fraction of all CPUs over the interval since the previous run, so that each run covers
 * the time since the last one rather than an instant. The first run (and a run too soon after the
 * previous one for the counters to have moved) samples {@code window} itself. Runs are serialised.
 */
final class CpuCheck implements Check {
    static final String NAME = "cpu";

    private final CpuReadings readings;
    private final Thresholds thresholds;
    private final Duration window;
    private final Pause pause;
    private CpuTicks previous;

    CpuCheck(CpuReadings readings, Thresholds thresholds, Duration window, Pause pause) {
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("cpu window: " + window + " (expected: > 0)");
        }
        this.readings = requireNonNull(readings, "readings");
        this.thresholds = requireNonNull(thresholds, "thresholds");
        this.window = window;
        this.pause = requireNonNull(pause, "pause");
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public synchronized CheckResult run() throws InterruptedException {
        CpuTicks now = readings.ticks();
        if (previous == null || !now.advancedSince(previous)) {
            // No usable interval yet: the kernel counts in 10 ms ticks and OSHI memoizes the
            // counters for 300 ms (oshi.util.memoizer.expiration), so back-to-back reads are equal.
            previous = now;
            pause.pause(window);
            now = readings.ticks();
            if (!now.advancedSince(previous)) {
                throw new IllegalStateException("cpu: counters did not advance in " + window.toMillis()
                        + " ms (expected: moving counters; is oshi.util.memoizer.expiration longer?)");
            }
        }
        double busy = now.busySince(previous);
        previous = now;
        return new CheckResult(NAME, thresholds.evaluate(busy),
                "cpu " + Format.percent(busy) + " busy " + Format.limits(thresholds));
    }
}
