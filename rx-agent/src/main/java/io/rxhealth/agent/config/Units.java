package io.rxhealth.agent.config;

import io.rxhealth.weighting.units.Durations;
import io.rxhealth.weighting.units.Percentages;
import io.rxhealth.weighting.units.UnitException;
import java.time.Duration;

/**
 * The config's human units with the key named in the error: durations and percentages in the
 * grammar both programs share ({@link Durations}, {@link Percentages}), and plain numbers.
 */
public final class Units {
    private Units() {
    }

    /** {@code 500ms}, {@code 2s}, {@code 5m}, {@code 1h}. */
    public static Duration duration(String key, String text) {
        try {
            return Durations.parse(text);
        } catch (UnitException e) {
            throw new ConfigException(key, text, e.expected());
        }
    }

    /** {@code "80%"} as a fraction 0.8; accepts 0%..100%. */
    public static double percent(String key, String text) {
        try {
            return Percentages.parse(text);
        } catch (UnitException e) {
            throw new ConfigException(key, text, e.expected());
        }
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
