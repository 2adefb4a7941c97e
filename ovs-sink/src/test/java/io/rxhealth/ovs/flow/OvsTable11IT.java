package io.rxhealth.ovs.flow;

import static io.rxhealth.ovs.flow.Pools.LEAVER;
import static io.rxhealth.ovs.flow.Pools.POOL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.openflow.OpenFlowException;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.ovs.slots.ApplyMode;
import io.rxhealth.ovs.slots.ApplyResult;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.PoolSpecs;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.SlotDiff;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Table 11 on a real ovs-vswitchd (userspace datapath) of its own, written and read with ovs-ofctl. */
@ExtendWith(OvsSandbox.PerTestClass.class)
class OvsTable11IT {
    private static final int SLOTS = 1024;
    private static final int OTHER_POOL = 8;
    private static final PoolSpec SPEC = PoolSpecs.of(POOL, SLOTS);
    private static final PoolSpec OTHER_SPEC = PoolSpecs.of(OTHER_POOL, SLOTS);
    private static final SlotTable ALL = Pools.all(SLOTS);
    private static final SlotTable WITHOUT_LEAVER = Pools.withoutLeaver(SLOTS);

    private final OvsSandbox ovs;
    private BundleSlotWriter writer;

    OvsTable11IT(OvsSandbox ovs) {
        this.ovs = ovs;
    }

    @BeforeEach
    void emptyTable11() throws Exception {
        ovs.ofctl("del-flows", ovs.target(), "table=11");
        writer = new BundleSlotWriter(new OfctlSwitch(ovs.target(), CommandRunner.processes()), MoveStyle.REPLACE, Ticker.system());
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
        BundleSlotWriter styled = new BundleSlotWriter(new OfctlSwitch(ovs.target(), CommandRunner.processes()), style, Ticker.system());

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
        writer.apply(SPEC, ALL, ALL, true);
        assertThat(writer.read().holds(POOL, ALL)).isTrue();
    }

    @Test
    void aBundleTheSwitchRejectsHalfwayLeavesThePreviousTable() throws Exception {
        writer.apply(SPEC, null, ALL, false);
        String before = withoutDurations(ovs.ofctl("dump-flows", ovs.target(), "table=11"));
        // The last flow mod overlaps every slot flow: the switch refuses it after accepting the moves.
        CommandRunner spoiled = (command, stdin, timeout) -> CommandRunner.processes().run(command,
                stdin + "flow add table=11,priority=100,reg3=" + POOL + ",check_overlap actions=drop\n", timeout);
        BundleSlotWriter failing = new BundleSlotWriter(new OfctlSwitch(ovs.target(), spoiled), MoveStyle.REPLACE, Ticker.system());

        OpenFlowException e = catchThrowableOfType(OpenFlowException.class,
                () -> failing.apply(SPEC, ALL, WITHOUT_LEAVER, false));

        assertThat(e).hasMessageContaining("OFPFMFC_OVERLAP");
        assertThat(withoutDurations(ovs.ofctl("dump-flows", ovs.target(), "table=11"))).isEqualTo(before);
        assertThat(writer.read().holds(POOL, ALL)).isTrue();
    }

    @Test
    void anApplyToAMissingSwitchThrowsAndTheTableStays() throws Exception {
        writer.apply(SPEC, null, ALL, false);
        BundleSlotWriter gone = new BundleSlotWriter(new OfctlSwitch("unix:" + ovs.dir().resolve("rxh-gone.mgmt"), CommandRunner.processes()), MoveStyle.REPLACE, Ticker.system());

        OpenFlowException e = catchThrowableOfType(OpenFlowException.class,
                () -> gone.apply(SPEC, ALL, WITHOUT_LEAVER, false));

        assertThat(e).hasMessageContaining("rxh-gone.mgmt").hasMessageContaining("exit 1");
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

    private static String withoutDurations(String dump) {
        return String.join("\n", List.of(dump.replaceAll("duration=[0-9.]+s, ", "").split("\n")));
    }
}
