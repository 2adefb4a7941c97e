package io.rxhealth.ovs.pool;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.slots.MemberSpec;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import io.rxhealth.weighting.panic.PanicDecision;
import java.util.ArrayList;
import java.util.List;

/**
 * A pool's next table and the decision it was laid out from: the weight of each member, in the
 * spec's order, and whether the pool was in panic. Reports and gauges show that decision, so they
 * always describe the table that is installed.
 */
public record PoolLayout(SlotTable table, PanicDecision decision) {
    public PoolLayout {
        requireNonNull(table, "table");
        requireNonNull(decision, "decision");
    }

    /**
     * The layout's members for {@code decision}: every configured member, out ones with weight 0
     * (reports list them, and the table depends only on who is in now, never on the order things
     * happened). The configured weight is the member's home weight: members keep their home slots up
     * to their current quota, so a drain moves only the drained member's slots, and a panic that
     * raises every member to its configured weight gives each its home slots back.
     */
    public static List<Member> members(PoolSpec spec, PanicDecision decision) {
        if (decision.weights().size() != spec.members().size()) {
            throw new IllegalArgumentException("decision: " + decision.weights().size() + " weights (expected: "
                    + spec.members().size() + ", one per member of pool " + spec.name() + ")");
        }
        List<Member> members = new ArrayList<>(spec.members().size());
        for (int i = 0; i < spec.members().size(); i++) {
            MemberSpec m = spec.members().get(i);
            members.add(new Member(m.key(), decision.weights().get(i), m.configuredWeight()));
        }
        return members;
    }
}
