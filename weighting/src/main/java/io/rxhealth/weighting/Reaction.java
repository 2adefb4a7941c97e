package io.rxhealth.weighting;

import java.util.Locale;

/**
 * What a failing check does to the verdict: nothing, scale the weight to a percentage, or take the
 * node down. Ordered by severity: {@link #down()} beats any percentage, a lower percentage beats a
 * higher one, {@link #none()} is the mildest.
 */
public record Reaction(Kind kind, int weightPercent) implements Comparable<Reaction> {
    /** The three kinds of reaction, mildest first. */
    public enum Kind { NONE, WEIGHT, DOWN }

    private static final Reaction NONE = new Reaction(Kind.NONE, 100);
    private static final Reaction DOWN = new Reaction(Kind.DOWN, 0);

    public Reaction {
        if (kind == null) {
            throw new IllegalArgumentException("kind: null (expected: NONE, WEIGHT or DOWN)");
        }
        if (kind == Kind.WEIGHT && (weightPercent < 0 || weightPercent > 100)) {
            throw new IllegalArgumentException("reaction: " + weightPercent + "% (expected: 0%..100%)");
        }
    }

    public static Reaction none() {
        return NONE;
    }

    public static Reaction down() {
        return DOWN;
    }

    public static Reaction weight(int percent) {
        return new Reaction(Kind.WEIGHT, percent);
    }

    /** Parses {@code none}, {@code down} or {@code <0..100>%}, as written in the config. */
    public static Reaction parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("none")) {
            return NONE;
        }
        if (t.equals("down")) {
            return DOWN;
        }
        if (t.endsWith("%")) {
            try {
                return weight(Integer.parseInt(t.substring(0, t.length() - 1)));
            } catch (IllegalArgumentException e) {
                // a number that is no number or out of range: the one-line error below says both
            }
        }
        throw new IllegalArgumentException("reaction: '" + text + "' (expected: none, down or 0%..100%)");
    }

    /** Positive when this reaction is more severe than {@code other}. */
    @Override
    public int compareTo(Reaction other) {
        int bySeverity = kind.compareTo(other.kind);
        if (bySeverity != 0) {
            return bySeverity;
        }
        return kind == Kind.WEIGHT ? Integer.compare(other.weightPercent, weightPercent) : 0;
    }

    @Override
    public String toString() {
        return kind == Kind.NONE ? "none" : kind == Kind.DOWN ? "down" : weightPercent + "%";
    }
}
