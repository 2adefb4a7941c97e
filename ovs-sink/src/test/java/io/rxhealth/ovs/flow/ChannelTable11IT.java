package io.rxhealth.ovs.flow;

import static io.rxhealth.ovs.flow.Pools.POOL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.rxhealth.ovs.openflow.ChannelSwitch;
import io.rxhealth.ovs.openflow.FlowEntry;
import io.rxhealth.ovs.openflow.FlowQuery;
import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.openflow.OpenFlowException;
import io.rxhealth.ovs.openflow.OpenFlowSwitch;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.ovs.slots.ApplyMode;
import io.rxhealth.weighting.Ticker;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Table 11 written through the persistent OpenFlow channel; besides the common tests, what a
 * long-lived connection must survive: a switch that stops answering, one that restarts, a refused
 * bundle, a bridge without OpenFlow 1.4.
 */
@Timeout(120)
class ChannelTable11IT extends Table11OnSwitch {
    private final List<ChannelSwitch> opened = new ArrayList<>();

    ChannelTable11IT(OvsSandbox ovs) {
        super(ovs);
    }

    @Override
    OpenFlowSwitch bridge(String target) {
        return channel(target, ChannelSwitch.DEFAULT_TIMEOUT);
    }

    private ChannelSwitch channel(String target, Duration timeout) {
        Path socket = ChannelSwitch.socketOf(target, ovs.dir()).orElseThrow();
        ChannelSwitch channel = new ChannelSwitch(target, socket, new OfctlSwitch(target, CommandRunner.processes()),
                timeout, Ticker.system());
        opened.add(channel);
        return channel;
    }

    @AfterEach
    void closeChannels() {
        opened.forEach(ChannelSwitch::close);
    }

    @Test
    void flowStatisticsDecodedInTheDaemonEqualWhatOvsOfctlPrints() throws Exception {
        ChannelSwitch channel = channel(ovs.target(), ChannelSwitch.DEFAULT_TIMEOUT);
        OfctlSwitch ofctl = new OfctlSwitch(ovs.target(), CommandRunner.processes());
        writer.apply(SPEC, null, ALL, false);
        writer.apply(SPEC, ALL, WITHOUT_LEAVER, false);
        ovs.ofctl("add-flow", ovs.target(), "table=11,priority=200,cookie=0x99,reg3=7,reg1=0x5/0xf,tcp,hard_timeout=600,"
                + "actions=load:0x1->NXM_NX_REG2[0..7],output:1");
        FlowQuery table = FlowQuery.table(Table11.TABLE);
        FlowQuery chunk = new FlowQuery(Table11.TABLE, 0, 0, List.of(FlowQuery.MaskedRegister.exact(3, POOL),
                new FlowQuery.MaskedRegister(1, 5, 0xf)));

        List<FlowEntry> decoded = channel.flows(table);
        List<FlowEntry> printed = ofctl.flows(table);

        // The daemon's own flows are the same values either way; a foreign one is foreign either way.
        assertThat(decoded).hasSize(SLOTS + 2);
        assertThat(decoded.stream().filter(FlowEntry::registersOnly))
                .containsExactlyInAnyOrderElementsOf(printed.stream().filter(FlowEntry::registersOnly).toList());
        for (List<FlowEntry> read : List.of(decoded, printed)) {
            assertThat(read).filteredOn(f -> !f.registersOnly()).singleElement()
                    .satisfies(f -> assertThat(f.cookie()).isEqualTo(0x99));
        }
        assertThat(channel.flows(chunk)).hasSize(SLOTS / 16 + 1)
                .filteredOn(FlowEntry::registersOnly).hasSize(SLOTS / 16);
        assertThat(channel.tableFlowCount(Table11.TABLE)).isEqualTo(SLOTS + 2);
        assertThat(channel.flowCount(PoolReads.poolFlows(POOL))).isEqualTo(ofctl.flowCount(PoolReads.poolFlows(POOL)))
                .isEqualTo(SLOTS + 1);
    }

    @Test
    void aBundleTheSwitchDoesNotAnswerTimesOutBeforeTheCommitAndLeavesThePreviousTable() throws Exception {
        ChannelSwitch channel = channel(ovs.target(), Duration.ofMillis(500));
        BundleSlotWriter slow = new BundleSlotWriter(channel, MoveStyle.REPLACE, Ticker.system());
        slow.apply(SPEC, null, ALL, false);
        ovs.signalVswitchd("STOP");
        OpenFlowException e;
        try {
            e = catchThrowableOfType(OpenFlowException.class, () -> slow.apply(SPEC, ALL, WITHOUT_LEAVER, false));
        } finally {
            ovs.signalVswitchd("CONT");
        }

        assertThat(e.timedOut()).isTrue();
        assertThat(e).hasMessageContaining("no barrier reply within PT0.5S").hasMessageContaining("before the commit");
        assertThat(writer.read().holds(POOL, ALL)).isTrue();
        // The same channel connects anew and writes.
        assertThat(slow.apply(SPEC, ALL, WITHOUT_LEAVER, false).mode()).isEqualTo(ApplyMode.INCREMENTAL);
        assertThat(writer.read().holds(POOL, WITHOUT_LEAVER)).isTrue();
    }

    @Test
    void theChannelReconnectsToARestartedSwitch() throws Exception {
        writer.apply(SPEC, null, ALL, false);

        ovs.restartVswitchd();
        writer.apply(SPEC, ALL, ALL, true);

        assertThat(writer.read().holds(POOL, ALL)).isTrue();
    }

    @Test
    void afterARefusedBundleTheNextOneCommits() throws Exception {
        OpenFlowSwitch channel = bridge(ovs.target());
        BundleSlotWriter good = new BundleSlotWriter(channel, MoveStyle.REPLACE, Ticker.system());
        BundleSlotWriter spoiled = new BundleSlotWriter(new Spoiled(channel), MoveStyle.REPLACE, Ticker.system());
        good.apply(SPEC, null, ALL, false);

        OpenFlowException e = catchThrowableOfType(OpenFlowException.class,
                () -> spoiled.apply(SPEC, ALL, WITHOUT_LEAVER, false));
        good.apply(SPEC, ALL, WITHOUT_LEAVER, false);

        assertThat(e.failure()).isEqualTo(OpenFlowException.Failure.REFUSED);
        assertThat(e).hasMessageContaining("OFPFMFC_OVERLAP for flow mod ")
                .hasMessageContaining("flow add table=11,priority=100,reg3=7,check_overlap actions=drop")
                .hasMessageContaining("switch kept its previous table");
        assertThat(writer.read().holds(POOL, WITHOUT_LEAVER)).isTrue();
    }

    @Test
    void aBridgeWithoutOpenFlow14IsRefusedInOneLine() throws Exception {
        ovs.protocols("OpenFlow10,OpenFlow13");
        OpenFlowException e;
        try {
            e = catchThrowableOfType(OpenFlowException.class, () -> writer.apply(SPEC, null, ALL, false));
        } finally {
            ovs.protocols(OvsSandbox.ALL_PROTOCOLS);
        }

        assertThat(e.failure()).isEqualTo(OpenFlowException.Failure.REFUSED);
        assertThat(e).hasMessageContaining("the switch refused OpenFlow 1.4").hasMessageContaining("protocols=")
                .hasMessageNotContaining("\n");
    }
}
