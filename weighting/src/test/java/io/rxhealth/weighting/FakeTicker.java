package io.rxhealth.weighting;

import java.time.Duration;

/** A ticker tests advance by hand (shared with the checks' tests through this module's test jar). */
public final class FakeTicker implements Ticker {
    private long nanos = 1_000_000_000L;

    @Override
    public long nanos() {
        return nanos;
    }

    public void advance(Duration d) {
        nanos += d.toNanos();
    }
}
