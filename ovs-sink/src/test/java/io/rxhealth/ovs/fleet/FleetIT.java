package io.rxhealth.ovs.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbClient;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbRemote;
import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.SlotTable;
import io.rxhealth.weighting.panic.PanicThreshold;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Three LB nodes' fleet logic on a real 3-server OVSDB cluster, each node on its own cluster member
 * first (as a node beside its own ovsdb-server), observations injected per node. Every scenario
 * asserts every node's table and digest.
 */
class FleetIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String POOL = "web";
    private static final int SLOTS = 1024;
    private static final List<String> KEYS = IntStream.rangeClosed(1, 10).mapToObj(i -> "10.0.1." + i + ":8080").toList();
    private static final FleetPool WEB = new FleetPool(POOL, "1", SLOTS, PanicThreshold.DEFAULT,
            KEYS.stream().map(k -> new FleetPool.FleetMember(k, 100, 9505)).toList());

    private OvsdbCluster cluster;
    private final List<OvsdbClient> clients = new ArrayList<>();
    private final List<Node> nodes = new ArrayList<>();
    private final AtomicLong nanos = new AtomicLong();

    /** One LB node: its fleet logic, what it observes of each member, and the digests it installed in turn. */
    private record Node(FleetNode fleet, Map<String, Observation> sees, List<String> installs) {
        void see(String member, boolean probeUp, String agent, int percent) {
            sees.put(member, new Observation(fleet.name(), probeUp, !agent.equals("down"), agent.equals("drain"),
                    agent.equals("maint"), percent, 0));
        }

        SlotTable table() {
            return fleet.table(POOL).orElse(null);
        }

        /** Runs one fleet round and installs what the database holds, as the daemon does. */
        void step() {
            fleet.step();
            fleet.table(POOL).ifPresent(t -> {
                fleet.installed(POOL, t.digest());
                if (installs.isEmpty() || !installs.get(installs.size() - 1).equals(t.digest())) {
                    installs.add(t.digest());
                }
            });
        }
    }

    @BeforeEach
    void startFleet() throws Exception {
        cluster = OvsdbCluster.start();
        for (int i = 0; i < 3; i++) {
            List<OvsdbRemote> remotes = new ArrayList<>(cluster.remotes());
            remotes.add(0, remotes.remove(i));
            nodes.add(node("lb-" + i, remotes));
        }
        healthyEverywhere();
    }

    @AfterEach
    void stopFleet() throws Exception {
        clients.forEach(OvsdbClient::close);
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void allHealthyNodesInstallTheSameDigestAndThePoolsFirstTableIsThePureLayout() {
        SlotTable first = settle(t -> t.slotCounts().values().stream().allMatch(c -> c > 0));
        assertThat(first).isEqualTo(Maglev.layout("1", EffectiveWeights.members(WEB, weights(Map.of())), SLOTS));
        assertAgreement(first);
    }

    @Test
    void aMemberOneNodeCannotReachStaysInAndOneTwoNodesCannotReachGoesOut() {
        SlotTable healthy = settle(t -> t.slotCounts().get(KEYS.get(3)) > 0);
        nodes.get(0).see(KEYS.get(3), false, "up", 100);
        SlotTable same = settle(t -> true);
        steps(5);
        assertThat(table()).isEqualTo(healthy);
        assertThat(same).isEqualTo(healthy);

        nodes.get(1).see(KEYS.get(3), false, "up", 100);
        SlotTable out = settle(t -> t.slotCounts().get(KEYS.get(3)) == 0);
        assertThat(moved(healthy, out)).isEqualTo(healthy.slotCounts().get(KEYS.get(3)));
        assertAgreement(out);
    }

    @Test
    void anAgentWeightChangeAndADrainTypedOnOneNodeMoveOnlyTheSlotsTheyRequire() throws Exception {
        SlotTable healthy = settle(t -> t.slotCounts().get(KEYS.get(5)) > 0);
        long version = nodes.get(0).fleet().status().pools().get(0).version();
        // The agent's reply is the same for every poller.
        nodes.forEach(n -> n.see(KEYS.get(5), true, "up", 50));
        SlotTable halved = settle(t -> t.slotCounts().get(KEYS.get(5)) < healthy.slotCounts().get(KEYS.get(5)));
        assertThat(moved(healthy, halved)).isEqualTo(fewestMoves(healthy, halved));
        assertThat(nodes.get(1).fleet().status().pools().get(0).version()).isEqualTo(version + 1);

        nodes.get(2).fleet().operatorState(POOL, KEYS.get(7), true, "kernel update");
        SlotTable drained = settle(t -> t.slotCounts().get(KEYS.get(7)) == 0);
        assertThat(moved(halved, drained)).isEqualTo(halved.slotCounts().get(KEYS.get(7)));
        assertThat(nodes.get(0).fleet().status().pools().get(0).version()).isEqualTo(version + 2);
        assertAgreement(drained);
    }

    @Test
    void twoDrainsTypedOnTwoNodesAtOnceEndInOneTableWithBoth() throws Exception {
        settle(t -> t.slotCounts().get(KEYS.get(1)) > 0);
        nodes.get(0).fleet().operatorState(POOL, KEYS.get(1), true, "a");
        nodes.get(2).fleet().operatorState(POOL, KEYS.get(2), true, "b");
        SlotTable both = settle(t -> t.slotCounts().get(KEYS.get(1)) == 0 && t.slotCounts().get(KEYS.get(2)) == 0);
        assertAgreement(both);
    }

    @Test
    void theFleetGoesOnWhenTheLeaderIsKilledAndTheRestartedServerRejoins() throws Exception {
        SlotTable healthy = settle(t -> t.slotCounts().get(KEYS.get(4)) > 0);
        int leader = cluster.leader();
        cluster.kill(leader);
        nodes.forEach(n -> n.see(KEYS.get(4), true, "drain", 100));
        SlotTable drained = settle(t -> t.slotCounts().get(KEYS.get(4)) == 0);
        assertThat(moved(healthy, drained)).isEqualTo(healthy.slotCounts().get(KEYS.get(4)));

        cluster.startServer(leader);
        cluster.awaitConnected(leader);
        assertAgreement(settle(t -> true));
    }

    @Test
    void aNodeCutOffFromTheClusterIsFailStaticAndCatchesUpOnReturn() throws Exception {
        SlotTable healthy = settle(t -> t.slotCounts().get(KEYS.get(6)) > 0);
        // lb-2 on its own member only: that member stopped, lb-2 is alone.
        OvsdbClient alone = clients.get(2);
        alone.close();
        nodes.set(2, node("lb-2", List.of(cluster.remote(2))));
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            nodes.get(2).step();
            return healthy.equals(nodes.get(2).table());
        });
        cluster.kill(2);
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            nodes.get(2).step();
            return nodes.get(2).fleet().failStatic();
        });
        assertThat(nodes.get(2).fleet().status().failStatic()).as("says so").isTrue();
        nodes.forEach(n -> n.see(KEYS.get(6), true, "maint", 100));
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            steps(1);
            return nodes.get(0).table().slotCounts().get(KEYS.get(6)) == 0
                    && nodes.get(0).table().equals(nodes.get(1).table());
        });
        assertThat(nodes.get(2).table()).as("fail-static").isEqualTo(healthy);
        assertThat(nodes.get(2).fleet().status().failStatic()).isTrue();
        assertThat(nodes.get(2).fleet().status().writes()).as("writes nothing while cut off")
                .isEqualTo(writesAfter(nodes.get(2), 3));

        SlotTable current = nodes.get(0).table();
        long version = nodes.get(0).fleet().status().pools().get(0).version();
        cluster.startServer(2);
        cluster.awaitConnected(2);
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            steps(1);
            return current.equals(nodes.get(2).table());
        });
        assertThat(nodes.get(2).fleet().failStatic()).isFalse();
        assertAgreement(current);
        // On return it installed the current table and nothing between; no node committed anything more.
        assertThat(nodes.get(2).installs()).containsExactly(healthy.digest(), current.digest());
        assertThat(nodes.get(0).fleet().status().pools().get(0).version()).isEqualTo(version);
    }

    @Test
    void thePoolsPanicThresholdIsAppliedAlikeOnEveryNode() {
        SlotTable healthy = settle(t -> t.slotCounts().values().stream().allMatch(c -> c > 0));
        // Four of ten agents down everywhere: 60% healthy, above the pool's 50%: those four go out.
        KEYS.subList(0, 4).forEach(k -> nodes.forEach(n -> n.see(k, true, "down", 100)));
        SlotTable reduced = settle(t -> KEYS.subList(0, 4).stream().allMatch(k -> t.slotCounts().get(k) == 0));
        assertThat(moved(healthy, reduced)).isEqualTo(fewestMoves(healthy, reduced));
        assertAgreement(reduced);
        assertThat(nodes.get(1).fleet().status().pools().get(0).panic()).isFalse();
        long version = nodes.get(0).fleet().status().pools().get(0).version();

        // Six of ten: 40%, below it: every probe-up member at its configured weight, each back at its quota.
        KEYS.subList(4, 6).forEach(k -> nodes.forEach(n -> n.see(k, true, "down", 100)));
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            steps(1);
            return nodes.stream().allMatch(n -> n.fleet().status().pools().get(0).panic());
        });
        SlotTable panic = settle(t -> true);
        assertThat(panic.slotCounts().values()).allSatisfy(c -> assertThat(c).isBetween(102, 103));
        assertThat(moved(reduced, panic)).isEqualTo(fewestMoves(reduced, panic));
        assertAgreement(panic);
        // Entering panic is one table, whoever saw the quorum change first.
        assertThat(nodes.get(0).fleet().status().pools().get(0).version()).isEqualTo(version + 1);
        for (Node n : nodes) {
            var pool = n.fleet().status().pools().get(0);
            assertThat(pool.healthyShare()).isEqualTo(0.4);
            assertThat(pool.members()).allSatisfy(m -> assertThat(m.verdict()).isEqualTo("up (panic)"));
        }
        // A member whose probe fails on most nodes stays out, panic or not.
        nodes.subList(0, 2).forEach(n -> n.see(KEYS.get(9), false, "up", 100));
        SlotTable withoutNine = settle(t -> t.slotCounts().get(KEYS.get(9)) == 0);
        assertAgreement(withoutNine);
        assertThat(nodes.get(2).fleet().status().pools().get(0).members().get(9).verdict()).isEqualTo("down (probe)");

        // The agents back: out of panic, every member at its own weight.
        nodes.forEach(n -> KEYS.forEach(k -> n.see(k, true, "up", 100)));
        SlotTable back = settle(t -> t.slotCounts().values().stream().allMatch(c -> c > 0)
                && !nodes.get(0).fleet().status().pools().get(0).panic());
        assertAgreement(back);
        assertThat(back.slotCounts().values()).allSatisfy(c -> assertThat(c).isBetween(102, 103));
    }

    @Test
    void aNodeWhoseConfigurationDiffersInstallsTheFleetsTableWithoutComputingIt() {
        SlotTable healthy = settle(t -> t.slotCounts().values().stream().allMatch(c -> c > 0));
        var edited = new FleetPool(POOL, "1", SLOTS, PanicThreshold.DEFAULT, List.of(new FleetPool.FleetMember("10.0.9.9:8080", 100, 9505)));
        Node other = node("lb-x", List.of(cluster.remote(1)), edited);
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            other.step();
            return healthy.equals(other.table());
        });
        assertThat(other.fleet().status().configDiffers()).containsExactly(POOL);
        assertThat(other.fleet().status().commits()).isZero();
        assertThat(nodes.get(0).fleet().status().configDiffers()).isEmpty();
        assertAgreement(healthy);

        // Another panic threshold is another pool description too: every node must decide panic alike.
        var otherThreshold = new FleetPool(POOL, "1", SLOTS, new PanicThreshold(30), WEB.members());
        Node third = node("lb-y", List.of(cluster.remote(2)), otherThreshold);
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            third.step();
            return healthy.equals(third.table()) && !third.fleet().status().configDiffers().isEmpty();
        });
        assertThat(third.fleet().status().commits()).isZero();
    }

    /** What {@code node} has written after {@code rounds} more rounds: the same, while it is cut off. */
    private static Map<String, Long> writesAfter(Node node, int rounds) {
        for (int r = 0; r < rounds; r++) {
            node.step();
        }
        return node.fleet().status().writes();
    }

    private Node node(String name, List<OvsdbRemote> remotes) {
        return node(name, remotes, WEB);
    }

    private Node node(String name, List<OvsdbRemote> remotes, FleetPool pool) {
        var client = new OvsdbClient(remotes, FleetSchema.DATABASE, FleetSchema.monitorRequests(), JSON,
                new OvsdbClient.Listener() { }, Duration.ofSeconds(5), Duration.ofMillis(200));
        clients.add(client);
        client.start();
        await().atMost(Duration.ofSeconds(30)).until(client::isConnected);
        Map<String, Observation> sees = new ConcurrentHashMap<>();
        var fleet = new FleetNode(name, List.of(pool), key -> new FleetNode.LocalObservation(sees.get(key), ""),
                new FleetStore(client), nanos::get, Clock.systemUTC(), Duration.ofSeconds(1), Duration.ofSeconds(10));
        var node = new Node(fleet, sees, new CopyOnWriteArrayList<>());
        pool.members().forEach(m -> node.see(m.key(), true, "up", 100));
        return node;
    }

    private void healthyEverywhere() {
        nodes.forEach(n -> KEYS.forEach(k -> n.see(k, true, "up", 100)));
    }

    private void steps(int rounds) {
        for (int r = 0; r < rounds; r++) {
            nodes.forEach(Node::step);
        }
    }

    /** Runs rounds until every node holds the same table, one that satisfies {@code done}; returns it. */
    private SlotTable settle(Predicate<SlotTable> done) {
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            steps(1);
            Set<SlotTable> tables = new HashSet<>();
            nodes.forEach(n -> tables.add(n.table()));
            SlotTable t = tables.iterator().next();
            return tables.size() == 1 && t != null && done.test(t);
        });
        return table();
    }

    private SlotTable table() {
        return nodes.get(0).table();
    }

    /** Every node installed the database's table and says so. */
    private void assertAgreement(SlotTable expected) {
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            steps(1);
            var pool = nodes.get(0).fleet().status().pools().get(0);
            return pool.installed().size() == 3 && pool.disagreeing() == 0;
        });
        for (Node n : nodes) {
            assertThat(n.table().digest()).as(n.fleet().name()).isEqualTo(expected.digest());
            assertThat(n.fleet().status().pools().get(0).digest()).isEqualTo(expected.digest());
        }
    }

    private static Map<String, Integer> weights(Map<String, Integer> changed) {
        Map<String, Integer> weights = new TreeMap<>();
        KEYS.forEach(k -> weights.put(k, changed.getOrDefault(k, 100)));
        return weights;
    }

    private static int moved(SlotTable before, SlotTable after) {
        int moved = 0;
        for (int slot = 0; slot < after.size(); slot++) {
            moved += Objects.equals(before.owner(slot), after.owner(slot)) ? 0 : 1;
        }
        return moved;
    }

    /** The fewest moves between the two tables' counts: the slots some member must gain. */
    private static int fewestMoves(SlotTable before, SlotTable after) {
        int gain = 0;
        for (var e : after.slotCounts().entrySet()) {
            gain += Math.max(0, e.getValue() - before.slotCounts().getOrDefault(e.getKey(), 0));
        }
        return gain;
    }
}
