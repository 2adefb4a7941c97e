package io.rxhealth.weighting;

import java.util.HashMap;
import java.util.List;
import java.util.ArrayList;
import java.util.Map;

/**
 * Per-check anti-flap by consecutive counts, as HAProxy's {@code rise}/{@code fall}: a check is
 * taken as failing after {@code fall} failing results in a row, and as passing again after
 * {@code rise} passing results in a row. Until then the last settled result stands (its detail
 * tells how far the count has got). Not thread-safe: one scheduler thread feeds it.
 */
public final class RiseFall {
    private final int rise;
    private final int fall;
    private final Map<String, Track> tracks = new HashMap<>();

    public RiseFall(int rise, int fall) {
        if (rise < 1) {
            throw new IllegalArgumentException("rise: " + rise + " (expected: >= 1)");
        }
        if (fall < 1) {
            throw new IllegalArgumentException("fall: " + fall + " (expected: >= 1)");
        }
        this.rise = rise;
        this.fall = fall;
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
        private CheckResult settled;
        private int streak;

        CheckResult feed(CheckResult r) {
            if (settled == null) {
                // The first result counts at once: a node that starts broken must not start at 100%.
                settled = r;
                return r;
            }
            boolean settledFailing = settled.level().failing();
            if (r.level().failing() == settledFailing) {
                streak = 0;
                settled = r;
                return r;
            }
            streak++;
            int needed = settledFailing ? rise : fall;
            if (streak >= needed) {
                streak = 0;
                settled = r;
                return r;
            }
            String pending = (settledFailing ? "rise " : "fall ") + streak + "/" + needed;
            return new CheckResult(settled.check(), settled.level(),
                    settled.detail() + (settled.detail().isEmpty() ? "" : " ") + "(" + pending + ")");
        }
    }
}
