package io.rxhealth.ovs.flow;

import static io.rxhealth.ovs.flow.Pools.LEAVER;
import static io.rxhealth.ovs.flow.Pools.POOL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.rxhealth.ovs.openflow.Bundle;
import io.rxhealth.ovs.openflow.FlowEntry;
import io.rxhealth.ovs.openflow.FlowMod;
import io.rxhealth.ovs.openflow.FlowMod.RegisterMatch;
import io.rxhealth.ovs.openflow.FlowQuery;
import io.rxhealth.ovs.openflow.OpenFlowException;
import io.rxhealth.ovs.openflow.OpenFlowSwitch;
import io.rxhealth.ovs.slots.ApplyMode;
import io.rxhealth.ovs.slots.ApplyResult;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.PoolSpecs;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.SlotDiff;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Table 11 on a real ovs-vswitchd (userspace datapath) of its own, written through one
 * {@link OpenFlowSwitch}, read with ovs-ofctl: the same tests for every way to the switch
 * ({@link OvsTable11IT}: ovs-ofctl, {@link ChannelTable11IT}: the OpenFlow channel).
 */
@ExtendWith(OvsSandbox.PerTestClass.class)
abstract class Table11OnSwitch {
    static final int SLOTS = 1024;
    private static final int OTHER_POOL = 8;
    static final PoolSpec SPEC = PoolSpecs.of(POOL, SLOTS);
    private static final PoolSpec OTHER_SPEC = PoolSpecs.of(OTHER_POOL, SLOTS);
    static final SlotTable ALL = Pools.all(SLOTS);
    static final SlotTable WITHOUT_LEAVER = Pools.withoutLeaver(SLOTS);

    protected final OvsSandbox ovs;
    protected BundleSlotWriter writer;

    Table11OnSwitch(OvsSandbox ovs) {
        this.ovs = ovs;
    }

    /** The way to the switch under test, at {@code target}. */
    abstract OpenFlowSwitch bridge(String target);

    @BeforeEach
    void emptyTable11() throws Exception {
        ovs.ofctl("del-flows", ovs.target(), "table=11");
        writer = new BundleSlotWriter(bridge(ovs.target()), MoveStyle.REPLACE, Ticker.system());
    }

    @Test
    void aFullApplyInstallsOneFlowPerSlotPlusTheDropFlow() throws Exception {
        ApplyResult result = writer.apply(SPEC, null, ALL, false);

        Table11Snapshot table = writer.read();
        assertThat(result.mode()).isEqualTo(ApplyMode.FULL);
        assertThat(result.flowMods()).isEqualTo(SLOTS + 2);
        assertThat(table.flowCount()).isEqualTo(SLOTS + 1);
        assertThat(table.failClose()).contains(FlowCounters.ZERO);
        assertThat(table.holds(POOL, ALL)).isTrue();
        assertThat(table.pool(POOL, SLOTS).table().slotCounts()).isEqualTo(ALL.slotCounts());
    }

    @ParameterizedTest
    @EnumSource(MoveStyle.class)
    void aLeavingMemberMovesOnlyTheChangedSlotsWithOneOrTwoFlowModsEach(MoveStyle style) throws Exception {
        writer.apply(SPEC, null, ALL, false);
        int moved = SlotDiff.between(ALL, WITHOUT_LEAVER).size();
        BundleSlotWriter styled = new BundleSlotWriter(bridge(ovs.target()), style, Ticker.system());

        ApplyResult result = styled.apply(SPEC, ALL, WITHOUT_LEAVER, false);

        Table11Snapshot table = writer.read();
        assertThat(result.mode()).isEqualTo(ApplyMode.INCREMENTAL);
        assertThat(result.slotsChanged()).isEqualTo(moved);
        assertThat(result.flowMods()).isEqualTo(style == MoveStyle.REPLACE ? moved : 2 * moved);
        assertThat(table.holds(POOL, WITHOUT_LEAVER)).isTrue();
        assertThat(table.pool(POOL, SLOTS).table().slotCounts()).doesNotContainKey(LEAVER);
        assertThat(table.flowCount()).isEqualTo(SLOTS + 1);
    }

    @Test
    void aPoolWithoutOwnersLeavesOnlyTheDropFlowAndOtherPoolsAlone() throws Exception {
        writer.apply(SPEC, null, ALL, false);
        writer.apply(OTHER_SPEC, null, ALL, false);

        ApplyResult result = writer.apply(SPEC, ALL, Pools.empty(SLOTS), false);

        Table11Snapshot table = writer.read();
        assertThat(result.mode()).isEqualTo(ApplyMode.FAIL_CLOSE);
        assertThat(table.pool(POOL, SLOTS).table().isEmpty()).isTrue();
        assertThat(table.failClose()).isPresent();
        assertThat(table.holds(OTHER_POOL, ALL)).isTrue();

        writer.apply(OTHER_SPEC, ALL, Pools.empty(SLOTS), false);
        assertThat(writer.read().flowCount()).isEqualTo(1);
        assertThat(ovs.ofctl("dump-flows", ovs.target(), "table=11")).contains("priority=0 actions=drop");
    }

    static Stream<Arguments> drift() {
        String slot5 = "table=11,priority=100,reg3=" + POOL + ",reg1=5";
        return Stream.of(
                Arguments.of("del-flows of table 11 (the other pool's flows too)",
                        List.of(List.of("del-flows", "TARGET", "table=11"))),
                Arguments.of("one slot moved to another address by mod-flows", List.of(List.of("--strict", "mod-flows",
                        "TARGET", slot5 + ",actions=set_field:0xa1e0009->reg2,set_field:0x1f90->reg4,goto_table:12"))),
                Arguments.of("one slot replaced by add-flow", List.of(List.of("add-flow", "TARGET",
                        slot5 + ",actions=drop"))),
                Arguments.of("a flow of the pool with a cookie of no member", List.of(List.of("add-flow", "TARGET",
                        "table=11,priority=200,cookie=0x99,reg3=" + POOL + ",reg1=5,tcp,actions=drop"))),
                Arguments.of("the fail-close flow gone", List.of(List.of("--strict", "del-flows", "TARGET",
                        "table=11,priority=0"))),
                Arguments.of("a slot flow of the pool gone and a foreign one in its place", List.of(
                        List.of("--strict", "del-flows", "TARGET", slot5),
                        List.of("add-flow", "TARGET", "table=11,priority=100,cookie=0x99,reg3=" + POOL
                                + ",reg1=5,actions=drop"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("drift")
    void theReadBackOfThePoolFindsDriftAndAForcedApplyRepairsIt(String what, List<List<String>> commands)
            throws Exception {
        writer.apply(SPEC, null, ALL, false);
        writer.apply(OTHER_SPEC, null, ALL, false);
        // Twice: the second read-back is the one that skips the pool's count when table 11's is unchanged.
        assertThat(writer.holds(SPEC, ALL)).isTrue();
        assertThat(writer.holds(SPEC, ALL)).isTrue();

        for (List<String> command : commands) {
            ovs.ofctl(command.stream().map(a -> a.equals("TARGET") ? ovs.target() : a).toArray(String[]::new));
        }

        assertThat(writer.holds(SPEC, ALL)).isFalse();
        writer.apply(SPEC, ALL, ALL, true);
        assertThat(writer.holds(SPEC, ALL)).isTrue();
        // The repair of one pool (which re-adds the shared drop flow) leaves the other whole, unless the drift took its flows.
        assertThat(writer.holds(OTHER_SPEC, ALL)).isEqualTo(!what.startsWith("del-flows"));
    }

    @Test
    void readBackDetectsDelFlowsAndAForcedApplyRepairsIt() throws Exception {
        writer.apply(SPEC, null, ALL, false);
        ovs.ofctl("del-flows", ovs.target(), "table=11");

        Table11Snapshot drifted = writer.read();
        assertThat(drifted.holds(POOL, ALL)).isFalse();
        assertThat(drifted.failClose()).isEmpty();

        writer.apply(SPEC, ALL, ALL, true);
        assertThat(writer.read().holds(POOL, ALL)).isTrue();
    }

    @Test
    void readBackSeesAnEmptyTableAfterAVswitchdRestartAndReapplyRestoresIt() throws Exception {
        writer.apply(SPEC, null, ALL, false);
        long before = ovs.vswitchdPid();

        ovs.restartVswitchd();

        assertThat(ovs.vswitchdPid()).isNotEqualTo(before);
        Table11Snapshot restarted = writer.read();
        assertThat(restarted.flowCount()).isZero();
        assertThat(restarted.holds(POOL, ALL)).isFalse();
        assertThat(writer.holds(SPEC, ALL)).isFalse();
        writer.apply(SPEC, ALL, ALL, true);
        assertThat(writer.read().holds(POOL, ALL)).isTrue();
    }

    @Test
    void aBundleTheSwitchRejectsHalfwayLeavesThePreviousTable() throws Exception {
        writer.apply(SPEC, null, ALL, false);
        String before = withoutDurations(ovs.ofctl("dump-flows", ovs.target(), "table=11"));
        BundleSlotWriter failing = new BundleSlotWriter(new Spoiled(bridge(ovs.target())), MoveStyle.REPLACE, Ticker.system());

        OpenFlowException e = catchThrowableOfType(OpenFlowException.class,
                () -> failing.apply(SPEC, ALL, WITHOUT_LEAVER, false));

        assertThat(e).hasMessageContaining("OFPFMFC_OVERLAP");
        assertThat(withoutDurations(ovs.ofctl("dump-flows", ovs.target(), "table=11"))).isEqualTo(before);
        assertThat(writer.read().holds(POOL, ALL)).isTrue();
    }

    @Test
    void anApplyToAMissingSwitchThrowsAndTheTableStays() throws Exception {
        writer.apply(SPEC, null, ALL, false);
        BundleSlotWriter gone = new BundleSlotWriter(bridge("unix:" + ovs.dir().resolve("rxh-gone.mgmt")), MoveStyle.REPLACE, Ticker.system());

        OpenFlowException e = catchThrowableOfType(OpenFlowException.class,
                () -> gone.apply(SPEC, ALL, WITHOUT_LEAVER, false));

        assertThat(e).hasMessageContaining("rxh-gone.mgmt");
        assertThat(writer.read().holds(POOL, ALL)).isTrue();
    }

    @Test
    void theSwitchAcceptsTheRenderedListenerActions() throws Exception {
        String flow = "table=10,priority=200,tcp,nw_dst=192.0.2.21,tp_dst=80,actions="
                + FlowRenderer.listenerActions(POOL, SLOTS);
        try {
            ovs.ofctl("add-flow", ovs.target(), flow);
            assertThat(ovs.ofctl("dump-flows", ovs.target(), "table=10"))
                    .contains("multipath(symmetric_l3l4,7,modulo_n,1024,0,NXM_NX_REG1[])", "goto_table:11");
        } finally {
            ovs.ofctl("del-flows", ovs.target(), "table=10");
        }
    }

    /** A switch that appends to every bundle a flow mod overlapping each slot flow: the switch refuses it after accepting the moves. */
    record Spoiled(OpenFlowSwitch ovs) implements OpenFlowSwitch {
        @Override
        public String target() {
            return ovs.target();
        }

        @Override
        public void bundle(Bundle bundle) throws OpenFlowException {
            List<FlowMod> mods = new ArrayList<>(bundle.structured());
            mods.add(FlowMod.add(Table11.TABLE, Table11.SLOT_PRIORITY, List.of(new RegisterMatch(Table11.POOL_REGISTER, POOL)),
                    0, Set.of(FlowMod.Flag.CHECK_OVERLAP), List.of(), -1));
            ovs.bundle(Bundle.of(mods));
        }

        @Override
        public String dumpFlows(OptionalInt table) throws OpenFlowException {
            return ovs.dumpFlows(table);
        }

        @Override
        public List<FlowEntry> flows(FlowQuery query) throws OpenFlowException {
            return ovs.flows(query);
        }

        @Override
        public long flowCount(String match) throws OpenFlowException {
            return ovs.flowCount(match);
        }
    }

    static String withoutDurations(String dump) {
        return String.join("\n", List.of(dump.replaceAll("duration=[0-9.]+s, ", "").split("\n")));
    }
}
