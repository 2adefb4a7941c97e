package io.rxhealth.ovs.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.ovs.LbNode;
import io.rxhealth.ovs.SlotTableWriters;
import io.rxhealth.ovs.config.ConfigLoader;
import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.ovs.fake.FakeAgent;
import io.rxhealth.ovs.flow.BundleSlotWriter;
import io.rxhealth.ovs.flow.MoveStyle;
import io.rxhealth.ovs.flow.OvsSandbox;
import io.rxhealth.ovs.flow.Table11Snapshot;
import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.pool.CapturedLog;
import io.rxhealth.ovs.pool.PoolController;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.ovs.slots.ApplyMode;
import io.rxhealth.ovs.slots.ApplyResult;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotDiff;
import io.rxhealth.weighting.maglev.SlotTable;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Three LB daemons writing to real switches, each its own private ovs-vswitchd (userspace datapath),
 * made one fleet by a real 3-server OVSDB cluster; members as in {@link FleetDaemonIT}, each node
 * probing from its own loopback source. lb-0 and lb-1 know every cluster member; lb-2 only its own,
 * so stopping that member cuts it off as a partition would. Every scenario reads each node's table 11
 * back from its switch and compares it with the database's table, and counts the flow mods each
 * node's writer sent.
 */
class FleetOvsIT {
    private static final int MEMBERS = 4;
    private static final int POOL = 7;
    private static final int SLOTS = 1024;
    private static final Pattern SLOT_FLOW = Pattern.compile("duration=([0-9.]+)s,.*priority=100,reg1=(\\w+),reg3=0x7 ");

    private OvsdbCluster cluster;
    private final List<OvsSandbox> switches = new ArrayList<>();
    private final List<SourceFaultTarget> targets = new ArrayList<>();
    private final List<FakeAgent> agents = new ArrayList<>();
    private final List<String> keys = new ArrayList<>();
    private final List<LbNode> nodes = new ArrayList<>();
    private final List<CountingWriter> writers = new ArrayList<>();

    @BeforeEach
    void startFleet() throws Exception {
        cluster = OvsdbCluster.start();
        for (int i = 0; i < MEMBERS; i++) {
            targets.add(new SourceFaultTarget());
            agents.add(new FakeAgent("up 100%\n"));
            keys.add("127.0.0.1:" + targets.get(i).port());
        }
        for (int n = 0; n < 3; n++) {
            switches.add(OvsSandbox.start());
            nodes.add(null);
            writers.add(null);
            startNode(n);
        }
    }

    @AfterEach
    void stopFleet() throws Exception {
        nodes.stream().filter(n -> n != null).forEach(LbNode::close);
        for (FakeAgent agent : agents) {
            agent.close();
        }
        targets.forEach(SourceFaultTarget::close);
        switches.forEach(OvsSandbox::close);
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aWeightChangeAndADrainTypedOnOneNodeMoveOnlyTheirSlotsInEverySwitch() throws Exception {
        SlotTable healthy = settle(t -> keys.stream().allMatch(k -> t.slotCounts().get(k) == 256));
        List<Integer> marks = marks();
        agents.get(3).reply("up 50%\n");
        SlotTable halved = settle(t -> t.slotCounts().getOrDefault(keys.get(3), 0) < 256);
        int moved = SlotDiff.between(healthy, halved).size();
        assertThat(moved).as("the fewest moves").isEqualTo(256 - halved.slotCounts().getOrDefault(keys.get(3), 0));
        assertOneIncrementalApplyEach(marks, moved);

        marks = marks();
        assertThat(NodeApi.post(nodes.get(0), "/drain?member=" + keys.get(1)).statusCode()).isEqualTo(200);
        SlotTable drained = settle(t -> t.slotCounts().getOrDefault(keys.get(1), 0) == 0);
        assertThat(SlotDiff.between(halved, drained).size()).isEqualTo(halved.slotCounts().getOrDefault(keys.get(1), 0));
        assertOneIncrementalApplyEach(marks, halved.slotCounts().getOrDefault(keys.get(1), 0));
    }

    @Test
    void aRestartedDaemonInstallsTheDatabasesTableWithoutAFlowMod() throws Exception {
        // A history the pure layout does not repeat: a weight change, a drain and its enable.
        agents.get(3).reply("up 50%\n");
        settle(t -> t.slotCounts().getOrDefault(keys.get(3), 0) < 256);
        assertThat(NodeApi.post(nodes.get(1), "/drain?member=" + keys.get(1)).statusCode()).isEqualTo(200);
        settle(t -> t.slotCounts().getOrDefault(keys.get(1), 0) == 0);
        assertThat(NodeApi.post(nodes.get(1), "/enable?member=" + keys.get(1)).statusCode()).isEqualTo(200);
        SlotTable history = settle(t -> t.slotCounts().getOrDefault(keys.get(1), 0) > 0);
        List<Member> now = new ArrayList<>();
        for (int i = 0; i < MEMBERS; i++) {
            now.add(new Member(keys.get(i), i == 3 ? 50 : 100, 100));
        }
        assertThat(history).as("the database's table is not the pure layout a node alone would install")
                .isNotEqualTo(Maglev.layout(String.valueOf(POOL), now, SLOTS));

        // Every slot flow of lb-2's switch older than half a second, so a re-added one would show.
        await().atMost(Duration.ofSeconds(10)).until(() -> durations(dump(2)).values().stream().allMatch(d -> d >= 0.5));
        Map<Integer, Double> before = durations(dump(2));
        long dumped = System.nanoTime();
        try (CapturedLog log = new CapturedLog(PoolController.class)) {
            nodes.get(2).close();
            startNode(2);
            await().atMost(Duration.ofSeconds(20)).until(() -> history.digest().equals(
                    nodes.get(0).fleet().orElseThrow().pools().get(0).installed().get("lb-2"))
                    && nodes.get(2).report().get(0).digest() != null);
            double gap = (System.nanoTime() - dumped) / 1e9;
            Map<Integer, Double> after = durations(dump(2));

            assertThat(nodes.get(2).report().get(0).digest()).isEqualTo(history.digest());
            assertThat(switchTable(2)).isEqualTo(history);
            assertThat(writers.get(2).flowMods()).as("flow mods of the restarted daemon").isZero();
            assertThat(after).hasSize(SLOTS);
            // An untouched flow aged by at least the time between the two dumps (OVS prints its age to
            // the millisecond); one the restart re-added would be younger than that.
            after.forEach((slot, age) -> assertThat(age - before.get(slot)).as("age of slot %d's flow", slot)
                    .isGreaterThanOrEqualTo(gap - 0.002));
            assertThat(log.messages()).contains("pool web: the data plane holds digest " + history.digest()
                    + " at start; only the slots that differ from it are written");
        }
    }

    @Test
    void aNodeCutOffFromTheClusterKeepsItsTableSaysSoAndOnReturnMovesOnlyWhatChanged() throws Exception {
        SlotTable healthy = settle(t -> keys.stream().allMatch(k -> t.slotCounts().get(k) == 256));
        try (CapturedLog log = new CapturedLog(FleetNode.class)) {
            cluster.kill(2);
            await().atMost(Duration.ofSeconds(20)).until(() -> nodes.get(2).fleet().orElseThrow().failStatic());
            assertThat(log.messages()).contains("fleet: cut off from the cluster majority; keeping the last tables"
                    + " (fail-static)");
        }
        assertThat(NodeApi.text(nodes.get(2), "/metrics")).contains("rxhealth_lbd_fleet_connected 0.0");
        assertThat(NodeApi.json(nodes.get(2), "/fleet").get("fleet").get("failStatic").asBoolean()).isTrue();
        assertThat(NodeApi.cli(nodes.get(2), "health")).contains("fleet: node lb-2 CUT OFF from the cluster majority");
        List<Integer> marks = marks();

        assertThat(NodeApi.post(nodes.get(0), "/drain?member=" + keys.get(2)).statusCode()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(20)).until(() -> switchTable(0).slotCounts().getOrDefault(keys.get(2), 0) == 0
                && switchTable(0).equals(switchTable(1)));
        SlotTable drained = switchTable(0);
        long version = nodes.get(0).fleet().orElseThrow().pools().get(0).version();
        // Fail-static: lb-2's switch keeps the table it had, whatever the others do meanwhile.
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5)).until(() -> switchTable(2).equals(healthy));
        assertThat(writers.get(2).applies()).hasSize(marks.get(2));

        cluster.startServer(2);
        cluster.awaitConnected(2);
        await().atMost(Duration.ofSeconds(30)).until(() -> switchTable(2).equals(drained));
        assertThat(nodes.get(2).fleet().orElseThrow().failStatic()).isFalse();
        // One apply on return: the drain's slots, nothing else; and no table of its own committed.
        List<ApplyResult> onReturn = writers.get(2).applies().subList(marks.get(2), writers.get(2).applies().size());
        assertThat(onReturn).as("lb-2's applies on return (healthy %s, drained %s): %s",
                healthy.digest().substring(0, 8), drained.digest().substring(0, 8), writers.get(2).trail()).hasSize(1);
        assertThat(onReturn.get(0).mode()).isEqualTo(ApplyMode.INCREMENTAL);
        assertThat(onReturn.get(0).slotsChanged()).as("slots lb-2 moved on return: %s", writers.get(2).trail())
                .isEqualTo(SlotDiff.between(healthy, drained).size()).isEqualTo(256);
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5)).until(() ->
                nodes.get(0).fleet().orElseThrow().pools().get(0).version() == version);
        settle(t -> t.equals(drained));
    }

    private void startNode(int n) throws Exception {
        String source = "127.0.0." + (n + 1);
        var members = new StringBuilder();
        for (int i = 0; i < MEMBERS; i++) {
            members.append("      - {address: 127.0.0.1, port: ").append(targets.get(i).port()).append(", agent-port: ")
                    .append(agents.get(i).port()).append(", source: ").append(source).append("}\n");
        }
        List<String> remotes = new ArrayList<>(cluster.remotes().stream().map(Object::toString).toList());
        remotes.add(0, remotes.remove(n));
        // fall: 10 (a second of failed probes): no scenario here takes a member down by its probe. The
        // three nodes share this JVM, so one stall of it on a loaded host times out two 100 ms probes
        // in a row on every node at once: a majority, and one more table (seen: a member out, 205 slots).
        String yaml = """
            openflow: %s
            api: 127.0.0.1:0
            intervals: {probe: 100ms, probe-timeout: 100ms, fall: 10, rise: 2, agent: 100ms, agent-timeout: 100ms, reconcile: 1s}
            fleet:
              node: lb-%d
              remotes: [%s]
              heartbeat: 200ms
              liveness-timeout: 2s
            pools:
              - id: %d
                name: web
                listener: 192.168.5.21:80
                slots: %d
                members:
            %s""".formatted(switches.get(n).target(), n, n == 2 ? remotes.get(0) : String.join(", ", remotes), POOL,
                SLOTS, members);
        LbConfig config = new ConfigLoader().parse(yaml);
        writers.set(n, new CountingWriter(SlotTableWriters.forConfig(config, false, Ticker.system())));
        var node = new LbNode(config, writers.get(n), new PrometheusMeterRegistry(PrometheusConfig.DEFAULT),
                InstantSource.system(), Ticker.system());
        nodes.set(n, node);
        node.start();
    }

    /**
     * Waits until every node's switch holds the database's table, one that satisfies {@code done},
     * and every node says it installed it; returns it.
     */
    private SlotTable settle(Predicate<SlotTable> done) throws Exception {
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            var db = nodes.get(0).fleet().orElseThrow().pools().get(0);
            SlotTable first = switchTable(0);
            for (int n = 0; n < 3; n++) {
                if (!read(n).holds(POOL, first)) {
                    return false;
                }
            }
            return first.digest().equals(db.digest()) && done.test(first) && db.installed().size() == 3
                    && db.disagreeing() == 0;
        });
        return switchTable(0);
    }

    private List<Integer> marks() {
        return writers.stream().map(w -> w.applies().size()).toList();
    }

    /** Each node applied the change once, in one incremental bundle of one flow mod per moved slot. */
    private void assertOneIncrementalApplyEach(List<Integer> marks, int moved) {
        for (int n = 0; n < 3; n++) {
            List<ApplyResult> applies = writers.get(n).applies();
            List<ApplyResult> since = applies.subList(marks.get(n), applies.size());
            assertThat(since).as("lb-%d's applies: %s", n, writers.get(n).trail()).hasSize(1);
            assertThat(since.get(0).mode()).isEqualTo(ApplyMode.INCREMENTAL);
            assertThat(since.get(0).slotsChanged()).isEqualTo(moved);
            assertThat(since.get(0).flowMods()).isEqualTo(moved);
        }
    }

    private Table11Snapshot read(int n) throws Exception {
        return new BundleSlotWriter(new OfctlSwitch(switches.get(n).target(), CommandRunner.processes()),
                MoveStyle.REPLACE, Ticker.system()).read();
    }

    /** The pool's slot owners as switch {@code n} holds them. */
    private SlotTable switchTable(int n) throws Exception {
        return read(n).pool(POOL, SLOTS).table();
    }

    private String dump(int n) throws Exception {
        return switches.get(n).ofctl("dump-flows", switches.get(n).target(), "table=11");
    }

    /** Each slot flow's age in seconds, by slot, from a dump of table 11. */
    private static Map<Integer, Double> durations(String dump) {
        Map<Integer, Double> ages = new HashMap<>();
        for (String line : dump.lines().toList()) {
            Matcher m = SLOT_FLOW.matcher(line);
            if (m.find()) {
                ages.put(Integer.decode(m.group(2)), Double.parseDouble(m.group(1)));
            }
        }
        return ages;
    }
}
