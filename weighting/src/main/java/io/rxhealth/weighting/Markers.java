package io.rxhealth.weighting;

import java.util.ArrayList;
import java.util.List;

/**
 * The operator's marker files as read at one moment: {@code drain} and {@code maint}, each with
 * the file's text as the reason (empty when the file is empty). Maint beats drain beats health.
 */
public record Markers(boolean drain, String drainReason, boolean maint, String maintReason) {
    public static final Markers NONE = new Markers(false, "", false, "");

    public Markers {
        drainReason = drainReason == null ? "" : drainReason.strip();
        maintReason = maintReason == null ? "" : maintReason.strip();
    }

    public static Markers of(boolean drain, boolean maint) {
        return new Markers(drain, "", maint, "");
    }

    /**
     * The verdict with the markers on top. Under a marker the health weight is kept (0 when the
     * health is down) so a balancer holds the right weight when the marker lifts.
     */
    public static Verdict apply(Verdict health, Markers markers) {
        if (!markers.maint && !markers.drain) {
            return health;
        }
        State state = markers.maint ? State.MAINT : State.DRAIN;
        String text = markers.maint ? markers.maintReason : markers.drainReason;
        String word = state.name().toLowerCase(java.util.Locale.ROOT);
        List<String> reasons = new ArrayList<>();
        reasons.add(text.isEmpty() ? word + " marker" : word + ": " + text);
        reasons.addAll(health.reasons());
        int weight = health.state() == State.UP ? health.weightPercent() : 0;
        return new Verdict(state, weight, reasons);
    }
}
