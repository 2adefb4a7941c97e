package io.rxhealth.weighting.maglev;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ZeroSlotsTest {
    @Test
    void listsAMemberWhoseShareIsBelowOneSlot() {
        List<Member> members = List.of(new Member("10.0.0.1:80", 1_000_000), new Member("10.0.0.2:80", 1));
        SlotTable table = Maglev.layout("pool", members, 1024);
        assertThat(table.slotCounts().get("10.0.0.2:80")).isZero();
        assertThat(ZeroSlots.in(table, members)).containsExactly("10.0.0.2:80");
    }

    @Test
    void listsTheMembersBeyondTheTableWhenThereAreMoreMembersThanSlots() {
        List<String> keys = Pools.keys(new Random(1), 1100);
        List<Member> members = Pools.members(keys, Pools.filled(1100, 100), Pools.filled(1100, 100));
        SlotTable table = Maglev.layout("pool", members, 1024);
        assertThat(ZeroSlots.in(table, members)).hasSize(1100 - 1024);
    }

    @Test
    void listsNoDownMemberAndNoneInAnOrdinaryPool() {
        List<Member> members = new ArrayList<>(List.of(new Member("a:1", 100), new Member("b:1", 0, 100),
                new Member("c:1", 50, 100)));
        assertThat(ZeroSlots.in(Maglev.layout("pool", members, 1024), members)).isEmpty();
    }

    @Test
    void saysWhatTheConfigurationMakesCertainWhateverTheCurrentWeights() {
        // b is drained now (holds nothing, as it should); at its configured weight 1 beside
        // 1,000,000 it would still hold nothing: that is what a configuration check can warn about.
        List<Member> configured = List.of(new Member("a:1", 1_000_000, 1_000_000), new Member("b:1", 0, 1),
                new Member("c:1", 0, 500_000));
        assertThat(ZeroSlots.whenHealthy("pool", configured, 1024)).containsExactly("b:1");
        assertThat(ZeroSlots.in(Maglev.layout("pool", configured, 1024), configured)).isEmpty();
    }
}
