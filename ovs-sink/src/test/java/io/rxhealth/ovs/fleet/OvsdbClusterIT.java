package io.rxhealth.ovs.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbClient;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbException;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbRemote;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbTransactionException;
import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.MinimalRepair;
import io.rxhealth.weighting.maglev.SlotTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The OVSDB client against a real 3-server Raft cluster of ovsdb-server. */
class OvsdbClusterIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private OvsdbCluster cluster;
    private final List<OvsdbClient> clients = new ArrayList<>();

    @BeforeEach
    void startCluster() throws Exception {
        cluster = OvsdbCluster.start();
    }

    @AfterEach
    void stopCluster() throws Exception {
        clients.forEach(OvsdbClient::close);
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aRowWrittenThroughOneMemberIsMonitoredThroughAnother() throws Exception {
        OvsdbClient writer = connect(List.of(cluster.remote(1)));
        OvsdbClient reader = connect(List.of(cluster.remote(2)));

        writer.transact(insertNode("lb-a", 1));

        await().atMost(TIMEOUT).until(() -> reader.replica().list("LB_Node").stream()
                .anyMatch(row -> row.path("name").asText().equals("lb-a")));
        writer.echo();
    }

    @Test
    void movesToAnotherMemberWhenTheLeaderIsKilledAndTheRestartedServerRejoins() throws Exception {
        int leader = cluster.leader();
        List<OvsdbRemote> remotes = new ArrayList<>(cluster.remotes());
        // The leader first, so the client is on it when it dies.
        remotes.add(0, remotes.remove(leader));
        OvsdbClient client = connect(remotes);
        assertThat(client.remote()).contains(cluster.remote(leader));
        client.transact(insertNode("lb-a", 1));

        cluster.kill(leader);

        await().atMost(Duration.ofSeconds(30)).until(() -> client.remote().filter(r -> !r.equals(cluster.remote(leader)))
                .isPresent());
        // A change made while the leader is gone commits once the survivors have elected a new one.
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
            client.transact(insertNode("lb-b", 1));
            return true;
        });
        assertThat(names(client)).containsExactlyInAnyOrder("lb-a", "lb-b");

        cluster.startServer(leader);
        cluster.awaitConnected(leader);
        OvsdbClient rejoined = connect(List.of(cluster.remote(leader)));
        assertThat(names(rejoined)).containsExactlyInAnyOrder("lb-a", "lb-b");
    }

    @Test
    void ofTwoWritersWaitingOnTheSameVersionExactlyOneWins() throws Exception {
        OvsdbClient a = connect(List.of(cluster.remote(0)));
        OvsdbClient b = connect(List.of(cluster.remote(2)));
        List<Member> members = List.of(new Member("10.0.0.1:80", 100), new Member("10.0.0.2:80", 100),
                new Member("10.0.0.3:80", 100));
        SlotTable first = Maglev.layout("web", members, 64);
        a.transact(SlotTableCommit.operations(new InstalledTable("web", 1, first, inputs(members), false, 300, 300, "lb-a", 0)));

        // Each node saw a different change and repaired the same previous table.
        List<Member> drainedA = List.of(members.get(0), members.get(1), new Member("10.0.0.3:80", 0, 100));
        List<Member> drainedB = List.of(new Member("10.0.0.1:80", 0, 100), members.get(1), members.get(2));
        var nextA = new InstalledTable("web", 2, MinimalRepair.repair("web", first, drainedA, 64), inputs(drainedA), false, 200, 300, "lb-a", 1);
        var nextB = new InstalledTable("web", 2, MinimalRepair.repair("web", first, drainedB, 64), inputs(drainedB), false, 200, 300, "lb-b", 1);

        var barrier = new CyclicBarrier(2);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<String> fa = pool.submit(commit(a, nextA, barrier));
            Future<String> fb = pool.submit(commit(b, nextB, barrier));
            assertThat(List.of(fa.get(), fb.get())).containsExactlyInAnyOrder("won", "lost: wait failed");
        } finally {
            pool.shutdownNow();
        }
        String winner = a.transact(select("Slot_Table")).get(0).path("rows").get(0).path("computed_by").asText();
        for (OvsdbClient client : List.of(a, b)) {
            await().atMost(TIMEOUT).until(() -> client.replica().list("Slot_Table").stream()
                    .anyMatch(row -> row.path("version").asLong() == 2));
            InstalledTable held = SlotTableRows.read(client.replica().list("Slot_Table").get(0));
            assertThat(held.computedBy()).isEqualTo(winner);
            assertThat(held.table().digest()).isEqualTo((winner.equals("lb-a") ? nextA : nextB).table().digest());
        }
    }

    private static Callable<String> commit(OvsdbClient client, InstalledTable next, CyclicBarrier barrier) {
        return () -> {
            barrier.await();
            try {
                client.transact(SlotTableCommit.operations(next));
                return "won";
            } catch (OvsdbTransactionException e) {
                return e.isWaitFailed() ? "lost: wait failed" : "lost: " + e.getMessage();
            }
        };
    }

    private OvsdbClient connect(List<OvsdbRemote> remotes) {
        var client = new OvsdbClient(remotes, FleetSchema.DATABASE, FleetSchema.monitorRequests(), JSON,
                new OvsdbClient.Listener() { }, TIMEOUT, Duration.ofMillis(200));
        clients.add(client);
        client.start();
        await().atMost(Duration.ofSeconds(30)).until(client::isConnected);
        return client;
    }

    private static List<String> names(OvsdbClient client) throws OvsdbException {
        List<String> names = new ArrayList<>();
        client.transact(select("LB_Node")).get(0).path("rows").forEach(row -> names.add(row.path("name").asText()));
        return names;
    }

    private static ArrayNode select(String table) {
        ArrayNode ops = JSON.createArrayNode();
        ops.addObject().put("op", "select").put("table", table).putArray("where");
        return ops;
    }

    private static ArrayNode insertNode(String name, long heartbeat) {
        ArrayNode ops = JSON.createArrayNode();
        var op = ops.addObject().put("op", "insert").put("table", "LB_Node");
        op.putObject("row").put("name", name).put("heartbeat", heartbeat).put("started_at_ms", 0);
        return ops;
    }

    private static Map<String, Integer> inputs(List<Member> members) {
        var inputs = new TreeMap<String, Integer>();
        members.forEach(m -> inputs.put(m.key(), m.weight()));
        return inputs;
    }
}
