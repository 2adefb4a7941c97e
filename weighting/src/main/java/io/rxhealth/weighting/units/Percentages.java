package io.rxhealth.weighting.units;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Shares as operators write them: {@code 80%}, {@code 97.5 %}, from 0% to 100%. Pure. */
public final class Percentages {
    public static final String EXPECTED = "a percentage such as 80%";
    public static final String IN_RANGE = "a percentage from 0% to 100%";
    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*%");

    private Percentages() {
    }

    /**
     * The share {@code text} names, as a fraction: {@code 80%} is 0.8.
     *
     * @throws UnitException if {@code text} is null, not a percentage, or over 100%
     */
    public static double parse(String text) {
        Matcher m = FORMAT.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw new UnitException(text, EXPECTED);
        }
        double p = Double.parseDouble(m.group(1));
        if (p > 100) {
            throw new UnitException(text, IN_RANGE);
        }
        return p / 100.0;
    }
}
