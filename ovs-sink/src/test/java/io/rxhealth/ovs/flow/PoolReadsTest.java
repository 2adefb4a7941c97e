package io.rxhealth.ovs.flow;

import static io.rxhealth.ovs.flow.Pools.LEAVER;
import static io.rxhealth.ovs.flow.Pools.POOL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rxhealth.ovs.Golden;
import io.rxhealth.ovs.openflow.DumpFlowsText;
import io.rxhealth.ovs.openflow.FlowEntry;
import io.rxhealth.ovs.openflow.FlowQuery;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

class PoolReadsTest {
    private static final Golden GOLDEN = Golden.of(Table11SnapshotTest.class);
    private static final int SLOTS = 16;
    /** Table 11 as OVS 3.1 dumped it after the full 16-slot bundle: 16 slot flows and the drop flow. */
    private static final List<FlowEntry> FULL = DumpFlowsText.parse(GOLDEN.read("dump-flows-16-slots.txt"));

    @ParameterizedTest
    @CsvSource({"0, 1", "1, 1", "1024, 1", "1025, 2", "2048, 2", "16384, 16", "16385, 32", "65536, 64"})
    void splitsAMembersFlowsIntoReadsOfAtMost1024(int flows, int reads) {
        assertThat(PoolReads.split(flows)).isEqualTo(reads);
    }

    @Test
    void aNegativeFlowCountIsNamed() {
        assertThatThrownBy(() -> PoolReads.split(-1)).hasMessage("flows: -1 (expected: >= 0)");
    }

    @Test
    void readsEachMemberByItsCookieInOneReadWhenItIsSmall() {
        assertThat(PoolReads.slotReads(POOL, Pools.all(SLOTS)).stream().map(FlowQuery::text)).containsExactly(
                "table=11,reg3=7,cookie=0x70a1400021f90/0xffffffffffffffff",
                "table=11,reg3=7,cookie=0x70a1400031f90/0xffffffffffffffff",
                "table=11,reg3=7,cookie=0x70a1e00021f90/0xffffffffffffffff",
                "table=11,reg3=7,cookie=0x70a1e00031f90/0xffffffffffffffff");
    }

    @Test
    void aMemberWithoutSlotsIsNotRead() {
        assertThat(PoolReads.slotReads(POOL, Pools.withoutLeaver(SLOTS)).stream().map(FlowQuery::text))
                .hasSize(3).noneMatch(text -> text.contains("0x70a1400031f90"));
    }

    @Test
    void splitsALargeMembersReadOnTheLowBitsOfTheSlotRegister() {
        List<FlowQuery> reads = PoolReads.slotReads(POOL, Pools.all(65536));

        // 16,384 slots a member: 16 reads each, reg1's low four bits 0..15.
        assertThat(reads).hasSize(64);
        assertThat(reads.get(0).text()).isEqualTo("table=11,reg3=7,reg1=0x0/0xf,cookie=0x70a1400021f90/0xffffffffffffffff");
        assertThat(reads.get(15).text()).isEqualTo("table=11,reg3=7,reg1=0xf/0xf,cookie=0x70a1400021f90/0xffffffffffffffff");
        assertThat(reads.get(16).text()).startsWith("table=11,reg3=7,reg1=0x0/0xf,cookie=0x70a1400031f90/");
    }

    @Test
    void theFailCloseAndPoolCountReads() {
        assertThat(PoolReads.failClose().text()).isEqualTo("table=11,cookie=0x0/0xffffffffffffffff");
        assertThat(PoolReads.poolFlows(POOL).text()).isEqualTo("table=11,reg3=7");
        assertThatThrownBy(() -> PoolReads.poolFlows(0)).hasMessageContaining("pool: 0");
    }

    static Stream<Arguments> drift() {
        return Stream.of(
                Arguments.of("as applied", UnaryOperator.<List<FlowEntry>>identity(), SLOTS, true),
                Arguments.of("a foreign flow of the pool, counted but not read", UnaryOperator.<List<FlowEntry>>identity(),
                        SLOTS + 1, false),
                Arguments.of("flows deleted (del-flows)", (UnaryOperator<List<FlowEntry>>) flows -> List.of(), 0, false),
                Arguments.of("the fail-close flow gone", (UnaryOperator<List<FlowEntry>>) flows -> flows.stream()
                        .filter(f -> f.priority() != Table11.FAIL_CLOSE_PRIORITY).toList(), SLOTS, false),
                Arguments.of("one slot gone", (UnaryOperator<List<FlowEntry>>) flows -> flows.subList(1, flows.size()),
                        SLOTS - 1, false),
                Arguments.of("one slot moved by hand to another member's address",
                        (UnaryOperator<List<FlowEntry>>) PoolReadsTest::firstSlotToOtherAddress, SLOTS, false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("drift")
    void holdsOnlyWhenTheReadsAndTheCountShowTheBelief(String what, UnaryOperator<List<FlowEntry>> change, long count,
                                                        boolean holds) {
        SlotTable belief = Pools.all(SLOTS);
        assertThat(PoolReads.readsHold(POOL, belief, change.apply(FULL)) && PoolReads.countHolds(belief, count))
                .isEqualTo(holds);
    }

    @Test
    void nothingHoldsAnUnknownBelief() {
        assertThat(PoolReads.readsHold(POOL, null, FULL)).isFalse();
        assertThat(PoolReads.countHolds(null, SLOTS)).isFalse();
    }

    @Test
    void aPoolWhoseMemberLeftHoldsItsOwnedSlotsOnly() {
        SlotTable belief = Pools.withoutLeaver(SLOTS);
        List<FlowEntry> after = DumpFlowsText.parse(GOLDEN.read("dump-flows-after-leave.txt"));

        assertThat(PoolReads.readsHold(POOL, belief, after)).isTrue();
        assertThat(PoolReads.countHolds(belief, SLOTS)).isTrue();
        assertThat(PoolReads.countHolds(Pools.empty(SLOTS), 0)).isTrue();
        assertThat(belief.slotCounts()).containsEntry(LEAVER, 0);
    }

    /** The first slot flow loading another address than its cookie's member: a slot changed by {@code mod-flows}. */
    private static List<FlowEntry> firstSlotToOtherAddress(List<FlowEntry> flows) {
        List<FlowEntry> changed = new ArrayList<>(flows);
        FlowEntry f = changed.get(0);
        List<FlowEntry.Load> loads = List.of(new FlowEntry.Load(Table11.ADDRESS_REGISTER, 0x0a1e0003L),
                f.loads().get(1));
        changed.set(0, new FlowEntry(f.table(), f.priority(), f.cookie(), f.packets(), f.bytes(), f.registers(),
                f.otherMatch(), loads, f.gotoTable(), f.otherActions()));
        return changed;
    }
}
