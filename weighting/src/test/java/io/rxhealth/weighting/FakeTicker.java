package io.rxhealth.weighting;

import java.time.Duration;

/** A ticker tests advance by hand. */
final class FakeTicker implements Ticker {
    private long nanos = 1_000_000_000L;

    @Override
    public long nanos() {
        return nanos;
    }

    void advance(Duration d) {
        nanos += d.toNanos();
    }
}
