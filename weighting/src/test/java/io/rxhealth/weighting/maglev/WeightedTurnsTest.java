package io.rxhealth.weighting.maglev;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WeightedTurnsTest {
    @Test
    void givesTurnsInProportionToTheWeightsTiesToTheSmallerIndex() {
        var turns = new WeightedTurns(new int[] {1, 2, 0, 1}, new int[] {9, 9, 9, 9});
        List<Integer> order = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            order.add(turns.next());
        }
        // Times: member 1 at 1/2, 1, 3/2, 2; members 0 and 3 at 1, 2; member 2 (weight 0) never.
        assertThat(order).containsExactly(1, 0, 1, 3, 1, 0, 1, 3);
    }

    @Test
    void leavesARetiredMemberOutAndEndsWhenNoneIsLeft() {
        var turns = new WeightedTurns(new int[] {1, 1}, new int[] {1, 0});
        assertThat(turns.next()).isZero();
        turns.retire(0);
        assertThat(turns.isEmpty()).isTrue();
    }

    @Test
    void fillsATableWithAMillionToOneWeightsWithoutPassingOverTheLightMember() {
        List<Member> members = List.of(new Member("a:1", 1_000_000), new Member("b:1", 1_000));
        var counts = Maglev.layout("pool", members, 65536).slotCounts();
        assertThat(counts.get("b:1")).isBetween(65, 66);
    }
}
