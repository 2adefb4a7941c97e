package io.rxhealth.weighting;

import static java.util.Objects.requireNonNull;

/**
 * How one check's failures weigh: the reaction to WARN, to CRIT, and to UNKNOWN (the check could
 * not run or timed out; by default it takes the CRIT reaction, so a broken check never passes).
 */
public record CheckPolicy(Reaction onWarn, Reaction onCrit, Reaction onUnknown) {
    public CheckPolicy {
        requireNonNull(onWarn, "onWarn");
        requireNonNull(onCrit, "onCrit");
        requireNonNull(onUnknown, "onUnknown");
    }

    /** WARN and CRIT reactions; UNKNOWN takes the CRIT one. */
    public static CheckPolicy of(Reaction onWarn, Reaction onCrit) {
        return new CheckPolicy(onWarn, onCrit, onCrit);
    }

    public Reaction reactionTo(Level level) {
        switch (level) {
            case WARN:
                return onWarn;
            case CRIT:
                return onCrit;
            case UNKNOWN:
                return onUnknown;
            default:
                return Reaction.none();
        }
    }
}
