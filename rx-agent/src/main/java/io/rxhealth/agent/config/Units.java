package io.rxhealth.agent.config;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parsers for the config's human units: durations ({@code 500ms}, {@code 2s}, {@code 5m}) and percentages. */
public final class Units {
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");
    private static final Pattern PERCENT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*%");

    private Units() {
    }

    public static Duration duration(String key, String text) {
        Matcher m = DURATION.matcher(text == null ? "" : text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new ConfigException(key, text, "a duration such as 500ms, 2s, 5m or 1h");
        }
        long n = Long.parseLong(m.group(1));
        switch (m.group(2)) {
            case "ms":
                return Duration.ofMillis(n);
            case "s":
                return Duration.ofSeconds(n);
            case "m":
                return Duration.ofMinutes(n);
            default:
                return Duration.ofHours(n);
        }
    }

    /** {@code "80%"} as a fraction 0.8; accepts 0%..100%. */
    public static double percent(String key, String text) {
        Matcher m = PERCENT.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw new ConfigException(key, text, "a percentage such as 80%");
        }
        double p = Double.parseDouble(m.group(1));
        if (p > 100) {
            throw new ConfigException(key, text, "a percentage from 0% to 100%");
        }
        return p / 100.0;
    }

    /** A positive decimal number such as {@code 1.5}. */
    public static double number(String key, String text) {
        try {
            double d = Double.parseDouble(text == null ? "" : text.trim());
            if (d >= 0 && Double.isFinite(d)) {
                return d;
            }
        } catch (NumberFormatException e) {
            // reported below with the key and the value
        }
        throw new ConfigException(key, text, "a number >= 0 such as 1.5");
    }
}
