package io.rxhealth.weighting;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What this host asks of the load balancer: a state, a weight in percent of the configured weight,
 * and why. The weight is meaningful for {@link State#UP}; it is kept (and still sent) for the
 * other states so a balancer restores the right weight when the state lifts.
 */
public record Verdict(State state, int weightPercent, List<String> reasons) {
    /** HAProxy caps an agent weight at 256 (of a configured 256); percentages beyond make no sense. */
    public static final int MAX_PERCENT = 256;

    public Verdict {
        requireNonNull(state, "state");
        if (weightPercent < 0 || weightPercent > MAX_PERCENT) {
            throw new IllegalArgumentException(
                    "weightPercent: " + weightPercent + " (expected: 0.." + MAX_PERCENT + ")");
        }
        reasons = List.copyOf(reasons);
    }

    public static Verdict up(int weightPercent, List<String> reasons) {
        return new Verdict(State.UP, weightPercent, reasons);
    }

    public static Verdict down(List<String> reasons) {
        return new Verdict(State.DOWN, 0, reasons);
    }

    /** Short operator label: {@code 100%}, {@code 75%}, {@code down}, {@code drain}, {@code maint}. */
    public String label() {
        return label(state, weightPercent);
    }

    /** The label {@link #label()} gives for this state and weight, for one read back without its reasons. */
    public static String label(State state, int weightPercent) {
        return state == State.UP ? weightPercent + "%" : state.name().toLowerCase(java.util.Locale.ROOT);
    }

    public Verdict withWeight(int percent) {
        return new Verdict(state, percent, reasons);
    }
}
