package io.rxhealth.weighting;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The policy matrix: per check, the reaction to each failing level. The health verdict is the worst
 * reaction among failing checks (down beats 50% beats 75%), with every failing check named as a
 * reason. Pure and thread-safe.
 */
public final class Policy {
    private final Map<String, CheckPolicy> perCheck;
    private final CheckPolicy fallback;

    /**
     * @param perCheck reactions by check name
     * @param fallback reactions of a check the map does not name
     */
    public Policy(Map<String, CheckPolicy> perCheck, CheckPolicy fallback) {
        this.perCheck = Map.copyOf(requireNonNull(perCheck, "perCheck"));
        this.fallback = requireNonNull(fallback, "fallback");
    }

    public CheckPolicy policyOf(String check) {
        return perCheck.getOrDefault(check, fallback);
    }

    /** The health verdict ({@link State#UP} or {@link State#DOWN}) of one set of results. */
    public Verdict health(List<CheckResult> results) {
        Reaction worst = Reaction.none();
        List<String> reasons = new ArrayList<>();
        for (CheckResult r : results) {
            if (!r.level().failing()) {
                continue;
            }
            Reaction reaction = policyOf(r.check()).reactionTo(r.level());
            if (reaction.compareTo(worst) > 0) {
                worst = reaction;
            }
            reasons.add(reasonOf(r));
        }
        if (worst.kind() == Reaction.Kind.DOWN) {
            return Verdict.down(reasons);
        }
        return Verdict.up(worst.weightPercent(), reasons);
    }

    /** Health, then the markers on top: maint beats drain beats health. */
    public Verdict decide(List<CheckResult> results, Markers markers) {
        return Markers.apply(health(results), markers);
    }

    static String reasonOf(CheckResult r) {
        String level = r.level().name().toLowerCase(java.util.Locale.ROOT);
        return r.detail().isEmpty() ? r.check() + " " + level : r.check() + " " + level + ": " + r.detail();
    }
}
