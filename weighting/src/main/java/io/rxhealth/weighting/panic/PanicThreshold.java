package io.rxhealth.weighting.panic;

import java.util.ArrayList;
import java.util.List;

/**
 * A pool's healthy-panic threshold, a whole percentage 0..100; 0 disables panic. Envoy's
 * {@code healthy_panic_threshold} (default 50%): below this share of healthy weight the pool
 * routes to every member that can take traffic, not only to the few still reported healthy, so
 * a failure that hits every member at once (host CPU starvation making every agent answer reduced
 * or down) spreads the load instead of black-holing the VIP or crushing the last members.
 */
public record PanicThreshold(int percent) {
    /** Envoy's default. */
    public static final PanicThreshold DEFAULT = new PanicThreshold(50);
    public static final PanicThreshold DISABLED = new PanicThreshold(0);

    public PanicThreshold {
        if (percent < 0 || percent > 100) {
            throw new IllegalArgumentException("panic threshold: " + percent + "% (expected: 0%..100%)");
        }
    }

    /**
     * The pool's weights under this threshold. The healthy share is the probe-up members'
     * effective weight over the configured weight of every member no operator took out (an
     * operator's drain or maint is not a failure, so it neither lowers the share nor comes back in
     * panic). Below the threshold (strictly, as in Envoy) every probe-up member gets its
     * configured weight; probe-down members stay out either way, so a pool whose members are all
     * probe-down stays empty (fail-close). Outside panic each member keeps its effective weight.
     */
    public PanicDecision decide(List<MemberStanding> members) {
        long healthy = 0;
        long counted = 0;
        for (MemberStanding m : members) {
            if (m.standing() != Standing.OPERATOR_OUT) {
                counted += m.configuredWeight();
            }
            healthy += m.effectiveWeight();
        }
        // Integers on both sides: exactly at the threshold is not panic, with no rounding in between.
        boolean panic = percent > 0 && counted > 0 && healthy * 100 < percent * counted;
        List<Integer> weights = new ArrayList<>(members.size());
        for (MemberStanding m : members) {
            if (m.standing() != Standing.PROBE_UP) {
                weights.add(0);
            } else {
                weights.add(panic ? m.configuredWeight() : m.effectiveWeight());
            }
        }
        return new PanicDecision(panic, healthy, counted, weights);
    }

    public boolean disabled() {
        return percent == 0;
    }

    @Override
    public String toString() {
        return percent + "%";
    }
}
