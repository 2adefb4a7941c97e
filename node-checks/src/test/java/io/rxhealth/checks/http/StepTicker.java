package io.rxhealth.checks.http;

import io.rxhealth.weighting.Ticker;
import java.time.Duration;

/** A ticker that moves {@code step} forward on every read: each probe then "takes" exactly one step. */
final class StepTicker implements Ticker {
    private final long stepNanos;
    private long now;

    StepTicker(Duration step) {
        this.stepNanos = step.toNanos();
    }

    @Override
    public synchronized long nanos() {
        now += stepNanos;
        return now;
    }
}
