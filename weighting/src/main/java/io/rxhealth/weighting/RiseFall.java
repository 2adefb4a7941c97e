package io.rxhealth.weighting;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Per-check anti-flap: one {@link RiseFallCounter} per check, fed whether each result is failing.
 * A check is taken as failing after {@code fall} failing results in a row, and as passing again
 * after {@code rise} passing results in a row; at start the first result counts at once. Until a
 * count completes the last settled result stands (its detail tells how far the count has got); a
 * result on the settled side replaces it, so a failing check may change its level at once.
 * {@link #reloaded} carries the counts over a config reload. Not thread-safe: one scheduler
 * thread feeds it.
 */
public final class RiseFall {
    private final int rise;
    private final int fall;
    /** Whether a check seen for the first time starts as passing: one a reload added. */
    private final boolean addedByReload;
    private final Map<String, Track> tracks;

    public RiseFall(int rise, int fall) {
        this(rise, fall, false, new HashMap<>());
    }

    private RiseFall(int rise, int fall, boolean addedByReload, Map<String, Track> tracks) {
        RiseFallCounter.initial(rise, fall); // validates both
        this.rise = rise;
        this.fall = fall;
        this.addedByReload = addedByReload;
        this.tracks = tracks;
    }

    /** The settled results for one cycle's raw results, in the same order. */
    public List<CheckResult> settle(List<CheckResult> raw) {
        List<CheckResult> settled = new ArrayList<>(raw.size());
        for (CheckResult r : raw) {
            settled.add(tracks.computeIfAbsent(r.check(), this::start).feed(r));
        }
        tracks.keySet().retainAll(raw.stream().map(CheckResult::check).toList());
        return settled;
    }

    /**
     * The rise/fall of a reloaded config, continuing from this one, so that the reload alone
     * changes no settled result:
     * <ul>
     * <li>a check in {@code kept} (the same check, what it measures unchanged) keeps its count,
     *     now against the new {@code rise} and {@code fall};</li>
     * <li>a check seen before whose settings changed keeps the side it had settled on (passing or
     *     failing) and counts afresh from there;</li>
     * <li>a check not seen before (the reload added it) starts as passing, as HAProxy starts a
     *     server it has just been given: it counts as failing only after {@code fall} failing
     *     results in a row, so one slow first probe does not take the node down.</li>
     * </ul>
     */
    public RiseFall reloaded(int rise, int fall, Set<String> kept) {
        Map<String, Track> carried = new HashMap<>();
        tracks.forEach((check, track) -> carried.put(check,
                kept.contains(check) ? track.kept(rise, fall) : track.changed(rise, fall)));
        return new RiseFall(rise, fall, true, carried);
    }

    private Track start(String check) {
        if (!addedByReload) {
            return new Track(RiseFallCounter.initial(rise, fall), null);
        }
        return new Track(new RiseFallCounter(rise, fall, RiseFallState.UP, 0),
                CheckResult.ok(check, "added by a reload, passing until it fails " + fall + " in a row"));
    }

    private static final class Track {
        private RiseFallCounter counter;
        private CheckResult settled;

        Track(RiseFallCounter counter, CheckResult settled) {
            this.counter = counter;
            this.settled = settled;
        }

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

        /** The same count under new thresholds; a count the new threshold would have completed waits for one more. */
        Track kept(int rise, int fall) {
            RiseFallCounter same = new RiseFallCounter(rise, fall, counter.state(), 0);
            return new Track(new RiseFallCounter(rise, fall, counter.state(),
                    Math.min(counter.streak(), same.needed() - 1)), settled);
        }

        /** The side settled on, counted afresh. */
        Track changed(int rise, int fall) {
            RiseFallCounter side = new RiseFallCounter(rise, fall, counter.state(), 0);
            CheckResult before = settled.level().failing()
                    ? new CheckResult(settled.check(), settled.level(),
                            "settings changed by a reload; before: " + settled.detail())
                    : CheckResult.ok(settled.check(), "settings changed by a reload, passing until it fails "
                            + fall + " in a row");
            return new Track(side, before);
        }
    }
}
