package io.rxhealth.checks.host;

import java.util.Locale;

/**
 * Number formats shared by the host checks' details; locale-independent. They format with
 * {@link #NUMBERS}, never {@code Locale.ROOT} or the default locale: for any locale but en-US,
 * java.util.Formatter makes the JDK load the data of every locale it has (~0.3 MB of heap and
 * ~1.1 MiB of RSS for good, docs/PERFORMANCE.md); en-US it formats from symbols it has built in.
 */
final class Format {
    /** Plain digits, '.' as the decimal point, no grouping unless asked for. */
    static final Locale NUMBERS = Locale.US;

    private Format() {
    }

    /** A measured fraction as a percentage with one decimal: {@code 0.9123 -> "91.2%"}. */
    static String percent(double fraction) {
        return String.format(NUMBERS, "%.1f%%", fraction * 100);
    }

    /** A configured fraction as a short percentage: {@code 0.8 -> "80%"}, {@code 0.855 -> "85.5%"}. */
    static String limit(double fraction) {
        String s = String.format(NUMBERS, "%.1f", fraction * 100);
        return (s.endsWith(".0") ? s.substring(0, s.length() - 2) : s) + "%";
    }

    /** {@code (warn 80%, crit 90%)} for fraction thresholds. */
    static String limits(Thresholds thresholds) {
        return "(warn " + limit(thresholds.warn()) + ", crit " + limit(thresholds.crit()) + ")";
    }
}
