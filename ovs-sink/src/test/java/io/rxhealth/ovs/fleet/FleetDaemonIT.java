package io.rxhealth.ovs.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.ovs.LbNode;
import io.rxhealth.ovs.config.ConfigLoader;
import io.rxhealth.ovs.fake.FakeAgent;
import io.rxhealth.ovs.pool.CapturedLog;
import io.rxhealth.ovs.pool.PoolController;
import io.rxhealth.ovs.pool.PoolReport;
import io.rxhealth.ovs.slots.RecordingSlotTableWriter;
import io.rxhealth.weighting.Promtool;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.SlotTable;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Three LB daemons (recording writers: the switch adds nothing here) made one fleet by a real
 * 3-server OVSDB cluster; each probes and polls from its own loopback source, 127.0.0.1..3, so a
 * fault can be put between one node and one member. Every scenario asserts every node's table.
 * {@code FleetOvsIT} runs the scenarios where the switch matters against real ones.
 */
class FleetDaemonIT {
    private static final int MEMBERS = 4;

    private OvsdbCluster cluster;
    private final List<SourceFaultTarget> targets = new ArrayList<>();
    private final List<FakeAgent> agents = new ArrayList<>();
    private final List<String> keys = new ArrayList<>();
    private final List<LbNode> nodes = new ArrayList<>();
    private final List<RecordingSlotTableWriter> writers = new ArrayList<>();
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void startFleet() throws Exception {
        cluster = OvsdbCluster.start();
        for (int i = 0; i < MEMBERS; i++) {
            targets.add(new SourceFaultTarget());
            agents.add(new FakeAgent("up 100%\n"));
            keys.add("127.0.0.1:" + targets.get(i).port());
        }
        for (int n = 0; n < 3; n++) {
            nodes.add(null);
            writers.add(new RecordingSlotTableWriter());
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
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void allThreeNodesInstallTheSameDigest() {
        SlotTable table = settle(t -> keys.stream().allMatch(k -> t.slotCounts().get(k) > 0));
        assertThat(table.slotCounts().values()).containsOnly(256);
        await().atMost(Duration.ofSeconds(10)).until(() -> nodes.get(0).fleet().orElseThrow().pools().get(0).installed()
                .size() == 3 && nodes.get(0).fleet().orElseThrow().pools().get(0).disagreeing() == 0);
    }

    @Test
    void aMemberOneNodeCannotReachStaysInOnAllAndOneTwoCannotReachGoesOutOnAll() {
        settle(t -> t.slotCounts().get(keys.get(1)) > 0);
        targets.get(1).fail("127.0.0.1");
        // The failing node's own probe goes down (fall 2), yet the fleet keeps the member in.
        await().atMost(Duration.ofSeconds(10)).until(() -> nodes.get(0).report().get(0).members().stream()
                .anyMatch(m -> m.key().equals(keys.get(1)) && m.probe().equals("DOWN")));
        SlotTable kept = settle(t -> true);
        assertThat(kept.slotCounts().get(keys.get(1))).isEqualTo(256);

        targets.get(1).fail("127.0.0.2");
        SlotTable out = settle(t -> t.slotCounts().get(keys.get(1)) == 0);
        assertThat(out.slotCounts().get(keys.get(0))).isGreaterThanOrEqualTo(256);
    }

    @Test
    void aDrainTypedOnOneNodeReachesEveryNode() throws Exception {
        settle(t -> t.slotCounts().get(keys.get(2)) > 0);
        HttpResponse<String> drained = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                + nodes.get(1).apiAddress().getPort() + "/drain?member=" + keys.get(2)))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(drained.statusCode()).isEqualTo(200);
        settle(t -> t.slotCounts().get(keys.get(2)) == 0);
        HttpResponse<String> fleet = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                + nodes.get(2).apiAddress().getPort() + "/fleet")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(fleet.statusCode()).isEqualTo(200);
        assertThat(fleet.body()).contains("\"failStatic\" : false", "\"node\" : \"lb-2\"");
    }

    @Test
    void aRestartedDaemonInstallsTheDatabasesTable() throws Exception {
        agents.get(3).reply("up 50%\n");
        SlotTable before = settle(t -> t.slotCounts().get(keys.get(3)) < 256 && t.slotCounts().get(keys.get(3)) > 0);
        nodes.get(2).close();
        writers.set(2, new RecordingSlotTableWriter());
        startNode(2);
        SlotTable after = settle(t -> true);
        assertThat(after).isEqualTo(before);
        // Its first apply is already the database's table: not its own layout first, then the fleet's.
        assertThat(writers.get(2).applies().get(0).next().digest()).isEqualTo(before.digest());
    }

    @Test
    void statusSlotsAndTheCommandsShowTheFleetsViewAndEachNodesAgreement() throws Exception {
        SlotTable table = settle(t -> keys.stream().allMatch(k -> t.slotCounts().get(k) > 0));
        targets.get(0).fail("127.0.0.2");
        await().atMost(Duration.ofSeconds(10)).until(() -> get(1, "/status").path("fleet").path("pools").path(0)
                .path("dissent").asInt() == 1 && get(1, "/status").path("fleet").path("pools").path(0)
                .path("installed").size() == 3);

        JsonNode fleet = get(1, "/status").get("fleet");
        assertThat(fleet.get("node").asText()).isEqualTo("lb-1");
        assertThat(fleet.get("majority").asInt()).isEqualTo(2);
        JsonNode pool = fleet.get("pools").get(0);
        assertThat(pool.get("digest").asText()).isEqualTo(table.digest());
        assertThat(pool.get("disagreeing").asInt()).isZero();
        JsonNode first = pool.get("members").get(0);
        assertThat(first.get("key").asText()).isEqualTo(keys.get(0));
        assertThat(first.get("verdict").asText()).isEqualTo("up");
        assertThat(first.get("probeUpVotes").asInt()).isEqualTo(2);
        assertThat(first.get("probeDownOn").get(0).asText()).isEqualTo("lb-1");
        assertThat(get(1, "/slots").get("fleet").get("pools").get(0).get("version").asLong())
                .isEqualTo(pool.get("version").asLong());

        String health = cli(1, "health");
        assertThat(health).contains("fleet: node lb-1 through unix:", "(a member's state needs 2 of them)");
        assertThat(health).containsPattern("web +" + keys.get(0).replace(".", "\\.") + " +up +2/3 +up 100% +no +100 +100 +lb-1");
        String slots = cli(1, "slots");
        assertThat(slots).contains("fleet pool web: table version " + pool.get("version").asLong() + ", digest "
                + table.digest(), "0 of 3 nodes installed another digest",
                "this node's probes see 1 member(s) otherwise than the quorum");
        for (int n = 0; n < 3; n++) {
            assertThat(slots).containsPattern("web +lb-" + n + " +" + table.digest() + " +yes");
        }
        assertThat(cli(1, "slots", "--json")).contains("\"fleet\"", "\"installed\"");

        String metrics = http.send(HttpRequest.newBuilder(uri(1, "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        assertThat(metrics).contains("rxhealth_lbd_fleet_quorum_majority 2.0",
                "rxhealth_lbd_fleet_member_dissent{pool=\"web\"} 1.0",
                "rxhealth_lbd_fleet_installed_agrees{pool=\"web\"} 1.0", "rxhealth_lbd_fleet_writes_total{kind=\"table\"}",
                "rxhealth_lbd_fleet_replication_lag_seconds");
        assertThat(metrics).containsPattern("rxhealth_lbd_fleet_writes_total\\{kind=\"heartbeat\"\\} [1-9]");
        Promtool.assertClean(metrics);
    }

    @Test
    void thePoolPanicsOnEveryNodeAsOneNodeAloneWouldAndEachSaysSo() throws Exception {
        settle(t -> keys.stream().allMatch(k -> t.slotCounts().get(k) == 256));
        try (CapturedLog log = new CapturedLog(PoolController.class)) {
            // Every host starved at once: every agent says down while every service still answers.
            agents.forEach(a -> a.reply("down\n"));
            await().atMost(Duration.ofSeconds(20)).until(() -> nodes.stream().allMatch(n -> n.report().get(0).panic()));
            // Every member at its configured weight: each holds its full quota again.
            settle(t -> keys.stream().allMatch(k -> t.slotCounts().get(k) == 256));
            for (LbNode node : nodes) {
                PoolReport pool = node.report().get(0);
                assertThat(pool.healthyShare()).isZero();
                assertThat(pool.members()).allSatisfy(m -> {
                    assertThat(m.verdict()).isEqualTo("up (panic)");
                    assertThat(m.effectiveWeight()).isEqualTo(100);
                });
                assertThat(node.fleet().orElseThrow().pools().get(0).panic()).isTrue();
            }
            for (int n = 0; n < 3; n++) {
                assertThat(http.send(HttpRequest.newBuilder(uri(n, "/metrics")).build(),
                        HttpResponse.BodyHandlers.ofString()).body()).contains("rxhealth_lbd_pool_panic{pool=\"web\"} 1.0");
            }
            // Once a node: the agents' replies reach the nodes' polls one by one, so the share that
            // crossed the threshold may be 25% (three agents down) or 0%.
            assertThat(log.messages()).filteredOn(m -> m.contains("PANIC")).hasSize(3).allSatisfy(m -> assertThat(m)
                    .matches("pool web: PANIC: healthy weight (0|100) of 400 \\((0|25)\\.0%\\) is below the panic"
                            + " threshold 50%: every probe-up member \\(4\\) gets its configured weight, probe-down"
                            + " members stay out"));

            agents.forEach(a -> a.reply("up 100%\n"));
            await().atMost(Duration.ofSeconds(20)).until(() -> nodes.stream().noneMatch(n -> n.report().get(0).panic()));
            settle(t -> keys.stream().allMatch(k -> t.slotCounts().get(k) == 256));
            assertThat(log.messages()).filteredOn(m -> m.contains("panic over")).hasSize(3);
        }
    }

    private URI uri(int n, String path) {
        return NodeApi.uri(nodes.get(n), path);
    }

    private JsonNode get(int n, String path) throws Exception {
        return NodeApi.json(nodes.get(n), path);
    }

    private String cli(int n, String... args) {
        return NodeApi.cli(nodes.get(n), args);
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
        String yaml = """
            openflow: br-test
            api: 127.0.0.1:0
            intervals: {probe: 100ms, probe-timeout: 100ms, fall: 2, rise: 2, agent: 100ms, agent-timeout: 100ms, reconcile: 1s}
            fleet:
              node: lb-%d
              remotes: [%s]
              heartbeat: 200ms
              liveness-timeout: 2s
            pools:
              - id: 7
                name: web
                listener: 192.168.5.21:80
                slots: 1024
                members:
            %s""".formatted(n, String.join(", ", remotes), members.toString().replace("      - ", "      - "));
        var node = new LbNode(new ConfigLoader().parse(yaml), writers.get(n),
                new PrometheusMeterRegistry(PrometheusConfig.DEFAULT), InstantSource.system(), Ticker.system());
        nodes.set(n, node);
        node.start();
    }

    /** Waits until every node installed the same table, one that satisfies {@code done}; returns it. */
    private SlotTable settle(Predicate<SlotTable> done) {
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            Set<String> digests = new HashSet<>();
            for (RecordingSlotTableWriter w : writers) {
                if (w.applies().isEmpty()) {
                    return false;
                }
                digests.add(w.last().next().digest());
            }
            return digests.size() == 1 && done.test(writers.get(0).last().next())
                    && nodes.get(0).fleet().orElseThrow().pools().get(0).digest().equals(digests.iterator().next());
        });
        return writers.get(0).last().next();
    }

}
