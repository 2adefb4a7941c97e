package io.rxhealth.ovs.flow;

import static io.rxhealth.ovs.flow.Pools.LEAVER;
import static io.rxhealth.ovs.flow.Pools.POOL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rxhealth.ovs.Golden;
import io.rxhealth.ovs.openflow.Bundle;
import io.rxhealth.weighting.maglev.SlotChange;
import io.rxhealth.weighting.maglev.SlotDiff;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FlowRendererTest {
    private static final Golden GOLDEN = Golden.of(FlowRendererTest.class);

    private static final int SLOTS = 16;

    @Test
    void rendersAFullReplaceOfTheWholePool() {
        Bundle bundle = FlowRenderer.full(POOL, Pools.all(SLOTS));
        GOLDEN.assertMatches("full-16-slots.bundle", bundle.text());
        assertThat(bundle.flowMods()).isEqualTo(SLOTS + 2);
    }

    @Test
    void removingAMemberRewritesOnlyItsSlotsOneFlowModEach() {
        List<SlotChange> changes = SlotDiff.between(Pools.all(SLOTS), Pools.withoutLeaver(SLOTS));
        Bundle bundle = FlowRenderer.incremental(POOL, changes, MoveStyle.REPLACE);
        GOLDEN.assertMatches("member-leaves-replace.bundle", bundle.text());
        long leaverSlots = Pools.all(SLOTS).slotCounts().get(LEAVER);
        assertThat(changes.stream().filter(c -> c.from().equals(LEAVER)).count()).isEqualTo(leaverSlots);
        assertThat(bundle.flowMods()).isEqualTo(changes.size());
    }

    @Test
    void deleteAddStyleSpendsTwoFlowModsPerMovedSlot() {
        List<SlotChange> changes = SlotDiff.between(Pools.all(SLOTS), Pools.withoutLeaver(SLOTS));
        Bundle bundle = FlowRenderer.incremental(POOL, changes, MoveStyle.DELETE_ADD);
        GOLDEN.assertMatches("member-leaves-delete-add.bundle", bundle.text());
        assertThat(bundle.flowMods()).isEqualTo(2 * changes.size());
    }

    @Test
    void anEmptyTableLeavesOnlyTheDropFlow() {
        Bundle bundle = FlowRenderer.full(POOL, Pools.empty(SLOTS));
        GOLDEN.assertMatches("fail-close.bundle", bundle.text());
        assertThat(bundle.flowMods()).isEqualTo(2);
    }

    @Test
    void slotsLosingTheirLastOwnerAreDeletedAndRegainingOnesAdded() {
        SlotTable empty = Pools.empty(4);
        SlotTable one = Pools.layout(4, List.of("10.20.0.2:8080"));
        Bundle emptied = FlowRenderer.incremental(POOL, SlotDiff.between(one, empty), MoveStyle.REPLACE);
        Bundle refilled = FlowRenderer.incremental(POOL, SlotDiff.between(empty, one), MoveStyle.DELETE_ADD);
        assertThat(emptied.lines()).hasSize(4).allMatch(l -> l.startsWith("flow delete_strict table=11,priority=100,reg3=7,reg1="));
        assertThat(refilled.lines()).hasSize(4).allMatch(l -> l.startsWith("flow add table=11,priority=100,reg3=7,reg1="));
    }

    @Test
    void cookieCarriesPoolAddressAndPort() {
        assertThat(FlowCookie.hex(FlowCookie.of(7, MemberAddress.parse("10.20.0.2:8080"))))
                .isEqualTo("0x00070a1400021f90");
        assertThat(FlowCookie.hex(FlowCookie.of(0xffff, MemberAddress.parse("255.255.255.255:65535"))))
                .isEqualTo("0xffffffffffffffff");
    }

    @Test
    void rendersTheListenerActionsOfTable10() {
        assertThat(FlowRenderer.listenerActions(7, 1024))
                .isEqualTo("set_field:7->reg3,multipath(symmetric_l3l4,7,modulo_n,1024,0,NXM_NX_REG1[]),goto_table:11");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # key                | valid
        10.20.0.2:8080       | true
        0.0.0.0:1            | true
        255.255.255.255:65535| true
        10.20.0.2            | false
        10.20.0.2:0          | false
        10.20.0.2:65536      | false
        10.20.0.256:80       | false
        10.20.0.02:80        | false
        10.20.0.2:080        | false
        10.20.2:80           | false
        10.20.0.2.1:80       | false
        host.example:80      | false
        '[::1]:80'           | false
        10.20.0.2:+80        | false
        """)
    void acceptsCanonicalIpv4MemberKeysOnly(String key, boolean valid) {
        if (valid) {
            assertThat(MemberAddress.parse(key).key()).isEqualTo(key);
        } else {
            assertThatThrownBy(() -> MemberAddress.parse(key)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("member key: '" + key + "'");
        }
    }

    @ParameterizedTest
    @CsvSource({"0", "65536", "-1"})
    void rejectsPoolsOutside16Bits(int pool) {
        assertThatThrownBy(() -> FlowRenderer.full(pool, Pools.all(SLOTS)))
                .hasMessage("pool: " + pool + " (expected: 1..65535)");
    }
}
