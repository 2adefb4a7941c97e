package io.rxhealth.ovs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.ovs.flow.BundleSlotWriter;
import io.rxhealth.ovs.flow.MoveStyle;
import io.rxhealth.ovs.flow.OvsSandbox;
import io.rxhealth.ovs.neigh.IpNeighbourSource;
import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.outage.SwitchReport;
import io.rxhealth.ovs.pool.MemberReport;
import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.SlotTable;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node's own switch goes down (a real ovs-vswitchd, userspace datapath, killed and started
 * again): its outage is not the members'. The members' probes here run on loopback, so the test
 * cuts their path itself while the switch is dead (the targets stop listening: every probe is
 * refused, as every probe through a dead switch fails) and gives it back with the switch; on the
 * stand the probes really cross the switch ({@code StandSwitchRestartIT}). Probes every 200 ms,
 * fall 2: without the freeze every member would be out within half a second of the kill.
 */
@ExtendWith(OvsSandbox.PerTestClass.class)
class LbNodeSwitchOutageIT {
    private static final int POOL = 7;
    private static final int SLOTS = 64;
    /** Longer than fall x probe (400 ms) many times over: time enough for members to go wrongly down. */
    private static final Duration OUTAGE = Duration.ofSeconds(3);
    private static final Duration SOON = Duration.ofSeconds(10);

    private final OvsSandbox ovs;
    @TempDir
    Path dir;
    private ThreeMemberTopology members;
    private List<String> keys;
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private LbNode node;
    private BundleSlotWriter reader;
    /** Set while a test holds ovs-vswitchd dead: a test that fails then must not leave the next one without a switch. */
    private boolean switchKilled;

    LbNodeSwitchOutageIT(OvsSandbox ovs) {
        this.ovs = ovs;
    }

    @BeforeEach
    void startDaemon() throws Exception {
        ovs.ofctl("del-flows", ovs.target());
        reader = new BundleSlotWriter(new OfctlSwitch(ovs.target(), CommandRunner.processes()), MoveStyle.REPLACE,
                Ticker.system());
        members = ThreeMemberTopology.start(31, List.of("up 100%\n", "up 100%\n", "up 100%\n"));
        keys = members.keys;
        LbConfig config = members.config(ovs, dir, POOL, SLOTS, "{probe: 200ms, probe-timeout: 200ms,"
                + " fall: 2, rise: 2, agent: 200ms, agent-timeout: 200ms, reconcile: 1s, pipeline: 300ms, neigh: 1s}");
        CommandRunner ip = (command, stdin, timeout) -> new CommandResult(0, "[]", "");
        node = new LbNode(config, SlotTableWriters.forConfig(config, false, Ticker.system()), CommandRunner.processes(),
                new IpNeighbourSource(ip, Duration.ofSeconds(1)), registry, InstantSource.system(), Ticker.system());
        node.start();
        await().atMost(SOON).until(() -> table().keys().size() == 3);
    }

    @AfterEach
    void stopDaemon() throws Exception {
        if (node != null) {
            node.close();
        }
        if (switchKilled) {
            ovs.restartVswitchd();
        }
        if (members != null) {
            members.close();
        }
    }

    @Test
    void aDeadSwitchFreezesTheMembersAndItsRestartBringsTheTablesBackAsTheyWere() throws Exception {
        List<String> before = normalisedFlows();
        String digest = node.report().get(0).digest();

        killSwitchAndCutTheProbes();
        await().atMost(SOON).until(() -> "down".equals(switchReport().state()));
        assertThat(gauge("rxhealth_lbd_switch_up")).isZero();
        // Every probe fails meanwhile; no member goes out and the daemon's table stays the one installed.
        await().during(OUTAGE).atMost(OUTAGE.plus(SOON)).untilAsserted(() -> {
            assertThat(node.report().get(0).members()).extracting(MemberReport::verdict).containsOnly("up");
            assertThat(node.report().get(0).digest()).isEqualTo(digest);
        });
        assertThat(gauge("rxhealth_lbd_probes_frozen_total")).isPositive();

        restartSwitchAndThePath(List.of(0, 1, 2));

        await().atMost(SOON).untilAsserted(() -> assertThat(normalisedFlows()).isEqualTo(before));
        await().atMost(SOON).until(() -> "up".equals(switchReport().state()));
        assertThat(switchReport().outages()).isEqualTo(1);
        assertThat(gauge("rxhealth_lbd_switch_up")).isEqualTo(1);
        assertThat(gauge("rxhealth_lbd_switch_outages_total")).isEqualTo(1);
        assertThat(node.report().get(0).members()).extracting(MemberReport::verdict).containsOnly("up");
    }

    @Test
    void aMemberThatDiedDuringTheOutageIsTakenOutByTheProbesAfterTheReturn() throws Exception {
        killSwitchAndCutTheProbes();
        await().atMost(SOON).until(() -> "down".equals(switchReport().state()));
        await().during(OUTAGE).atMost(OUTAGE.plus(SOON)).untilAsserted(() ->
                assertThat(node.report().get(0).members()).extracting(MemberReport::verdict).containsOnly("up"));

        restartSwitchAndThePath(List.of(1, 2)); // member 0 stays dead

        await().atMost(SOON).untilAsserted(() -> {
            assertThat(member(0).verdict()).isEqualTo("down (probe)");
            assertThat(table().keys()).containsExactlyInAnyOrder(keys.get(1), keys.get(2));
        });
        assertThat(member(1).verdict()).isEqualTo("up");
        assertThat(member(2).verdict()).isEqualTo("up");
    }

    private void killSwitchAndCutTheProbes() throws Exception {
        ovs.signalVswitchd("KILL");
        switchKilled = true;
        for (FakeTcpTarget t : members.targets) {
            t.stop();
        }
    }

    /** The path first: a probe that passes before the switch is back counts as any pass does. */
    private void restartSwitchAndThePath(List<Integer> alive) throws Exception {
        for (int i : alive) {
            members.targets.get(i).resume();
        }
        ovs.restartVswitchd();
        switchKilled = false;
    }

    private SwitchReport switchReport() {
        return node.switchReport().orElseThrow();
    }

    private MemberReport member(int i) {
        return node.report().get(0).members().stream().filter(m -> m.key().equals(keys.get(i))).findFirst().orElseThrow();
    }

    private SlotTable table() throws Exception {
        return reader.read().pool(POOL, SLOTS).table();
    }

    /** Every flow of the switch without statistics, sorted: equal lists are equal pipelines. */
    private List<String> normalisedFlows() throws Exception {
        return ovs.ofctl("dump-flows", ovs.target()).lines().map(String::strip).filter(l -> l.startsWith("cookie="))
                .map(l -> l.replaceAll("(duration|n_packets|n_bytes|idle_age|hard_age)=[^,]+, ", ""))
                .sorted().toList();
    }

    private double gauge(String name) {
        return registry.scrape().lines().filter(l -> l.startsWith(name + " ") || l.startsWith(name + "{"))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }
}
