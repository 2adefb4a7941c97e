package io.rxhealth.checks.http;

import java.time.Instant;
import java.time.InstantSource;

/** Wall clock for tests: stays where it is set. */
final class SettableClock implements InstantSource {
    private volatile Instant now;

    SettableClock(Instant start) {
        this.now = start;
    }

    void set(Instant instant) {
        this.now = instant;
    }

    @Override
    public Instant instant() {
        return now;
    }
}
