package io.rxhealth.ovs.fleet;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.panic.PanicDecision;
import io.rxhealth.weighting.panic.Standing;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A pool's weights as the fleet decides them: each member by quorum, then the pool's panic decision
 * over all of them (its threshold is a column of the pool's row, so every node decides alike).
 *
 * @param members  in the pool's member order
 * @param decision the pool's panic decision; its weights, in the same order, are what the layout uses
 */
public record FleetWeights(List<MemberQuorum> members, PanicDecision decision) {
    public FleetWeights {
        members = List.copyOf(members);
        requireNonNull(decision, "decision");
        if (decision.weights().size() != members.size()) {
            throw new IllegalArgumentException("decision: " + decision.weights().size() + " weights (expected: "
                    + members.size() + ", one per member)");
        }
    }

    /** The layout weight of each member by key, sorted: what a table's {@code inputs} hold. */
    public Map<String, Integer> byKey() {
        Map<String, Integer> weights = new TreeMap<>();
        for (int i = 0; i < members.size(); i++) {
            weights.put(members.get(i).key(), decision.weights().get(i));
        }
        return weights;
    }

    /** The layout's members: every configured member at its layout weight, home weight the configured one. */
    public List<Member> layoutMembers() {
        List<Member> layout = new ArrayList<>();
        for (int i = 0; i < members.size(); i++) {
            layout.add(new Member(members.get(i).key(), decision.weights().get(i), members.get(i).configuredWeight()));
        }
        return layout;
    }

    /** Report verdict of member {@code i}: {@code up (panic)} for every member panic spreads over, else why it is out. */
    public String verdict(int i) {
        MemberQuorum m = members.get(i);
        return decision.panic() && m.standing().standing() == Standing.PROBE_UP ? "up (panic)" : m.exclusion().label();
    }
}
