package io.rxhealth.checks.http;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;

/** How durations and fractions read in check details: {@code 812 ms}, {@code 25%}, {@code 12.5%}. */
final class Formats {
    private Formats() {
    }

    static String millis(Duration duration) {
        return duration.toMillis() + " ms";
    }

    static String millis(long nanos) {
        return millis(Duration.ofNanos(nanos));
    }

    /** A fraction as a percentage with at most one decimal: 0.25 → {@code 25%}, 1/3 → {@code 33.3%}. */
    static String percent(double fraction) {
        return BigDecimal.valueOf(fraction * 100).setScale(1, RoundingMode.HALF_UP)
                .stripTrailingZeros().toPlainString() + "%";
    }
}
