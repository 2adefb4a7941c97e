package io.rxhealth.ovs.config;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as operators write them: {@code 500ms}, {@code 2s}, {@code 1m}. */
public final class Durations {
    private static final Pattern FORMAT = Pattern.compile("([0-9]{1,9})(ms|s|m)");

    private Durations() {
    }

    /** The duration, or {@code null} when {@code text} is not {@code <digits>(ms|s|m)}. */
    public static Duration parse(String text) {
        Matcher m = FORMAT.matcher(text.trim());
        if (!m.matches()) {
            return null;
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(n);
            case "s" -> Duration.ofSeconds(n);
            default -> Duration.ofMinutes(n);
        };
    }

    /** Shortest exact form: {@code 1m}, {@code 2s}, {@code 500ms}. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms % 60_000 == 0) {
            return ms / 60_000 + "m";
        }
        return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
    }
}
