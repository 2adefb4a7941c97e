package io.rxhealth.ovs.pool;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.weighting.panic.PanicThreshold;
import java.util.ArrayList;
import java.util.List;

/**
 * What an operator's drain of one member would do to one pool it is in, judged on the members as
 * they stand now: whether the pool would go from some member in its table to none (fail-close).
 *
 * @param pool       the pool's name
 * @param failsClose the member is the last one the layout gives a positive weight: after the drain
 *                   the pool's table would be empty and traffic to its listener dropped
 */
public record DrainEffect(String pool, boolean failsClose) {
    public DrainEffect {
        requireNonNull(pool, "pool");
    }

    /**
     * The effect on {@code spec} of draining {@code key} (one of its members); {@code snapshots}
     * are its members' in the spec's order. Laid out through {@link PoolWeights} as the controller
     * does, panic included: draining one member may end a panic that kept the others in.
     */
    static DrainEffect of(PoolSpec spec, List<MemberSnapshot> snapshots, PanicThreshold threshold, String key) {
        List<MemberSnapshot> drained = new ArrayList<>(snapshots);
        for (int i = 0; i < spec.members().size(); i++) {
            if (spec.members().get(i).key().equals(key)) {
                drained.set(i, snapshots.get(i).withOperatorDrain(true));
            }
        }
        boolean inNow = anyIn(PoolWeights.of(spec, snapshots, threshold), spec);
        boolean inAfter = anyIn(PoolWeights.of(spec, drained, threshold), spec);
        return new DrainEffect(spec.name(), inNow && !inAfter);
    }

    private static boolean anyIn(PoolWeights weights, PoolSpec spec) {
        for (int i = 0; i < spec.members().size(); i++) {
            if (weights.layout(i) > 0) {
                return true;
            }
        }
        return false;
    }
}
