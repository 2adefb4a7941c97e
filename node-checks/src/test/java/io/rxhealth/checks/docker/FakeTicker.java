package io.rxhealth.checks.docker;

import io.rxhealth.weighting.Ticker;
import java.time.Duration;

/** A {@link Ticker} that moves only when told to. */
final class FakeTicker implements Ticker {
    private long nanos = 1_000_000_000L;

    @Override
    public long nanos() {
        return nanos;
    }

    void advance(Duration by) {
        nanos += by.toNanos();
    }
}
