package io.rxhealth.weighting.panic;

import static java.util.Objects.requireNonNull;

/**
 * One member as the panic decision sees it.
 *
 * @param standing         probe-up, probe-down or taken out by an operator
 * @param configuredWeight the weight the member is configured with, >= 0
 * @param effectiveWeight  the weight it would get outside panic, >= 0; 0 unless {@link Standing#PROBE_UP}
 */
public record MemberStanding(Standing standing, int configuredWeight, int effectiveWeight) {
    public MemberStanding {
        requireNonNull(standing, "standing");
        if (configuredWeight < 0) {
            throw new IllegalArgumentException("configuredWeight: " + configuredWeight + " (expected: >= 0)");
        }
        if (effectiveWeight < 0) {
            throw new IllegalArgumentException("effectiveWeight: " + effectiveWeight + " (expected: >= 0)");
        }
        if (standing != Standing.PROBE_UP && effectiveWeight != 0) {
            throw new IllegalArgumentException("effectiveWeight: " + effectiveWeight + " of a " + standing
                    + " member (expected: 0)");
        }
    }

    /** Probe up, at {@code effectiveWeight} (the agent's share of the configured weight; 0 when the agent says down). */
    public static MemberStanding up(int configuredWeight, int effectiveWeight) {
        return new MemberStanding(Standing.PROBE_UP, configuredWeight, effectiveWeight);
    }

    public static MemberStanding probeDown(int configuredWeight) {
        return new MemberStanding(Standing.PROBE_DOWN, configuredWeight, 0);
    }

    public static MemberStanding operatorOut(int configuredWeight) {
        return new MemberStanding(Standing.OPERATOR_OUT, configuredWeight, 0);
    }
}
