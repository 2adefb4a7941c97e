package io.rxhealth.weighting.units;

/**
 * A value that is not written in the grammar, in one line: the value as given and what was
 * expected ({@code '2 seconds' (expected: a duration such as 500ms, 2s, 5m or 1h)}).
 */
public final class UnitException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String value;
    private final String expected;

    public UnitException(String value, String expected) {
        super((value == null ? "null" : "'" + value + "'") + " (expected: " + expected + ")");
        this.value = value;
        this.expected = expected;
    }

    /** The text as given; null when there was none. */
    public String value() {
        return value;
    }

    /** What the grammar expected, e.g. {@code a duration such as 500ms, 2s, 5m or 1h}. */
    public String expected() {
        return expected;
    }
}
