package io.rxhealth.checks.host;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import java.io.IOException;

/**
 * A host check that takes one reading and judges it against warn/crit thresholds. The name, the
 * reading and the thresholds are kept here; a subclass says only how a reading is checked for
 * sanity (throwing, so the runner reports UNKNOWN) and turned into a level and a detail.
 */
abstract class ThresholdCheck<R> implements Check {
    /** Where a reading comes from: one of the small OSHI-backed interfaces, or a test's table. */
    @FunctionalInterface
    interface Reading<R> {
        R read() throws IOException;
    }

    private final String name;
    private final Reading<R> reading;
    final Thresholds thresholds;

    ThresholdCheck(String name, Reading<R> reading, Thresholds thresholds) {
        this.name = requireNonNull(name, "name");
        this.reading = requireNonNull(reading, "reading");
        this.thresholds = requireNonNull(thresholds, "thresholds");
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final CheckResult run() throws IOException {
        return judge(reading.read());
    }

    /** The result for one reading; throws {@link IllegalStateException} for a reading that cannot be. */
    abstract CheckResult judge(R reading);
}
