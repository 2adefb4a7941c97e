package io.rxhealth.weighting;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Per-check anti-flap: one {@link RiseFallCounter} per check, fed whether each result is failing.
 * A check is taken as failing after {@code fall} failing results in a row, and as passing again
 * after {@code rise} passing results in a row; the first result counts at once. Until a count
 * completes the last settled result stands (its detail tells how far the count has got); a result
 * on the settled side replaces it, so a failing check may change its level at once. Not
 * thread-safe: one scheduler thread feeds it.
 */
public final class RiseFall {
    private final RiseFallCounter initial;
    private final Map<String, Track> tracks = new HashMap<>();

    public RiseFall(int rise, int fall) {
        this.initial = RiseFallCounter.initial(rise, fall);
    }

    /** The settled results for one cycle's raw results, in the same order. */
    public List<CheckResult> settle(List<CheckResult> raw) {
        List<CheckResult> settled = new ArrayList<>(raw.size());
        for (CheckResult r : raw) {
            settled.add(tracks.computeIfAbsent(r.check(), k -> new Track()).feed(r));
        }
        tracks.keySet().retainAll(raw.stream().map(CheckResult::check).toList());
        return settled;
    }

    private final class Track {
        private RiseFallCounter counter = initial;
        private CheckResult settled;

        CheckResult feed(CheckResult r) {
            counter = counter.record(!r.level().failing());
            if (counter.streak() == 0) {
                settled = r;
                return r;
            }
            String pending = (counter.state() == RiseFallState.UP ? "fall " : "rise ") + counter.streak()
                    + "/" + counter.needed();
            return new CheckResult(settled.check(), settled.level(),
                    settled.detail() + (settled.detail().isEmpty() ? "" : " ") + "(" + pending + ")");
        }
    }
}
