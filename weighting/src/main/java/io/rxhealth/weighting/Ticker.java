package io.rxhealth.weighting;

/** Monotonic time source in nanoseconds; injected so that time-dependent logic is testable. */
@FunctionalInterface
public interface Ticker {
    long nanos();

    static Ticker system() {
        return System::nanoTime;
    }
}
