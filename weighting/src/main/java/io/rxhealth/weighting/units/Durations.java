package io.rxhealth.weighting.units;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as operators write them in either program's config: a whole number and a unit,
 * {@code ms}, {@code s}, {@code m} or {@code h}, with optional blanks between and in any case
 * ({@code 500ms}, {@code 2s}, {@code 5 m}, {@code 1H}). Pure; {@code DurationsTest} is the table.
 */
public final class Durations {
    public static final String EXPECTED = "a duration such as 500ms, 2s, 5m or 1h";
    // 18 digits fit a long; what overflows a Duration beyond that is refused below.
    private static final Pattern FORMAT = Pattern.compile("([0-9]{1,18})\\s*(ms|s|m|h)");

    private Durations() {
    }

    /**
     * The duration {@code text} names.
     *
     * @throws UnitException if {@code text} is null or not a duration in this grammar
     */
    public static Duration parse(String text) {
        Matcher m = FORMAT.matcher(text == null ? "" : text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new UnitException(text, EXPECTED);
        }
        long n = Long.parseLong(m.group(1));
        try {
            return switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofHours(n);
            };
        } catch (ArithmeticException e) {
            throw new UnitException(text, EXPECTED);
        }
    }

    /**
     * The shortest exact form {@link #parse} reads back, to the millisecond: {@code 1h}, {@code 1m},
     * {@code 2s}, {@code 500ms}, {@code 0s}.
     */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms == 0) {
            return "0s";
        }
        if (ms % 3_600_000 == 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0) {
            return ms / 60_000 + "m";
        }
        return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
    }
}
