package io.rxhealth.checks.host;

import java.time.Duration;

/** Waits for a duration; injected so that the CPU check's first sample window needs no sleep in tests. */
@FunctionalInterface
interface Pause {
    void pause(Duration duration) throws InterruptedException;

    static Pause sleeping() {
        return duration -> Thread.sleep(duration.toMillis());
    }
}
