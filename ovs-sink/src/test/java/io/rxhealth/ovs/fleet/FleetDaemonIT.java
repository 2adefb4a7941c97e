package io.rxhealth.ovs.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.ovs.LbNode;
import io.rxhealth.ovs.config.ConfigLoader;
import io.rxhealth.ovs.fake.FakeAgent;
import io.rxhealth.ovs.slots.RecordingSlotTableWriter;
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
