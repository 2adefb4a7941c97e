package io.rxhealth.ovs.pool;

import io.rxhealth.ovs.slots.MemberSpec;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.weighting.panic.PanicDecision;
import io.rxhealth.weighting.panic.PanicThreshold;
import io.rxhealth.weighting.panic.Standing;
import java.util.ArrayList;
import java.util.List;

/**
 * A pool's weights as the layout takes them: each member's own weight ({@link MemberWeight}),
 * then the pool's panic decision over all of them, which may raise probe-up members to their
 * configured weight. The one place both the layout and the reports get a member's weight from.
 *
 * @param members the members' own weights, in the spec's (key) order
 * @param panic   the pool's decision; its weights are in the same order
 */
record PoolWeights(List<MemberWeight> members, PanicDecision panic) {
    PoolWeights {
        members = List.copyOf(members);
    }

    /** {@code snapshots}: one per member of {@code spec}, in its order, taken once so weights and report agree. */
    static PoolWeights of(PoolSpec spec, List<MemberSnapshot> snapshots, PanicThreshold threshold) {
        List<MemberWeight> weights = new ArrayList<>(snapshots.size());
        for (int i = 0; i < spec.members().size(); i++) {
            MemberSpec m = spec.members().get(i);
            weights.add(MemberWeight.of(snapshots.get(i), m.configuredWeight()));
        }
        return new PoolWeights(weights, threshold.decide(weights.stream().map(MemberWeight::standing).toList()));
    }

    /**
     * These members under another decision over the same members (a fleet's quorum): verdicts stay
     * this node's own, the layout weights and the panic state are the decision's.
     */
    PoolWeights decidedBy(PanicDecision decision) {
        if (decision == panic) {
            return this;
        }
        if (decision.weights().size() != members.size()) {
            throw new IllegalArgumentException("decision: " + decision.weights().size() + " weights (expected: "
                    + members.size() + ", one per member)");
        }
        return new PoolWeights(members, decision);
    }

    /** The weight the layout gives member {@code i}: its effective weight, or in panic its configured one when probe-up. */
    int layout(int i) {
        return panic.weights().get(i);
    }

    /** Report verdict of member {@code i}: {@code up (panic)} for every member panic spreads over, else its own. */
    String verdict(int i) {
        MemberWeight w = members.get(i);
        return panic.panic() && w.standing().standing() == Standing.PROBE_UP ? "up (panic)" : w.verdict();
    }
}
