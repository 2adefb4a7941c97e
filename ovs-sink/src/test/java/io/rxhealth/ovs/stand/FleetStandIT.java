package io.rxhealth.ovs.stand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rxhealth.ovs.flow.PoolReadback;
import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;

/**
 * Two LB nodes of one fleet, each with its own ovs-vswitchd, in front of one pool
 * ({@link TwoNodeStand}): when the VIP moves from one to the other, as Keepalived would move it,
 * new connections of the same 5-tuple (the client's address and source port, the VIP and port 80)
 * land on the same member, because both nodes install the one table the fleet's database holds and
 * hash the 5-tuple alike. The table has a history (a drain typed on one node, its enable on the
 * other) that a node deciding alone would not repeat, so the test shows the fleet at work, not two
 * nodes that happen to compute the same pure layout. Real traffic between namespaces, through real
 * switches; every step reads both switches' table 11 and both daemons' view of the database.
 */
class FleetStandIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BE1 = TwoNodeStand.backendAddress(0) + ":8080";
    private static final List<Integer> PORTS = IntStream.range(41_000, 41_064).boxed().toList();

    @Test
    void newConnectionsOfTheSame5TupleLandOnTheSameMemberWhenTheVipMoves() throws Exception {
        try (TwoNodeStand stand = TwoNodeStand.up()) {
            SlotTable first = agreed(stand, t -> t.slotCounts().size() == 3);
            assertThat(first).as("the fleet's first table is the pure layout").isEqualTo(pure());

            assertThat(stand.api("a", "POST", "/drain?member=" + BE1)).contains("\"operatorDrain\" : true");
            agreed(stand, t -> t.slotCounts().getOrDefault(BE1, 0) == 0);
            assertThat(stand.api("b", "POST", "/enable?member=" + BE1)).contains("\"operatorDrain\" : false");
            SlotTable table = agreed(stand, t -> t.slotCounts().getOrDefault(BE1, 0) > 0);
            assertThat(table).as("after its history the table is not what a node alone would lay out").isNotEqualTo(pure());

            Map<Integer, String> viaA = stand.connect(PORTS);
            assertThat(new HashSet<>(viaA.values())).as("the connections spread over the members")
                    .containsExactlyInAnyOrderElementsOf(TwoNodeStand.BACKENDS);
            // Each node's conntrack says which node carried a connection, and to which member.
            Map<Integer, String> trackedByA = stand.conntrack("a");
            assertThat(trackedByA.keySet()).as("lb-a's connections").containsExactlyElementsOf(PORTS);
            assertThat(stand.conntrack("b")).as("lb-b's, while lb-a holds the VIP").isEmpty();
            viaA.forEach((port, backend) -> assertThat(trackedByA.get(port)).as("port %d's member", port)
                    .isEqualTo(TwoNodeStand.backendAddress(TwoNodeStand.BACKENDS.indexOf(backend))));

            stand.moveVipTo("b");
            Map<Integer, String> viaB = stand.connect(PORTS);
            assertThat(viaB).as("the member of each 5-tuple through lb-b").isEqualTo(viaA);
            assertThat(stand.conntrack("b")).as("lb-b's connections, by member").isEqualTo(trackedByA);

            stand.moveVipTo("a");
            assertThat(stand.connect(PORTS)).as("and through lb-a again").isEqualTo(viaA);
            assertThat(agreed(stand, t -> true)).isEqualTo(table);
        }
    }

    /**
     * Waits until both switches hold the database's table, one that satisfies {@code done}, and both
     * daemons say they installed it; returns it.
     */
    private static SlotTable agreed(TwoNodeStand stand, Predicate<SlotTable> done) throws Exception {
        SlotTable[] agreed = new SlotTable[1];
        try {
            awaitAgreed(stand, done, agreed);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("the two nodes did not agree on the database's table; lb-a's log:\n"
                    + tail(stand.log("a")) + "\nlb-b's log:\n" + tail(stand.log("b")), e);
        }
        return agreed[0];
    }

    private static void awaitAgreed(TwoNodeStand stand, Predicate<SlotTable> done, SlotTable[] agreed) {
        // The daemons' APIs answer some seconds after their JVMs start: a refused request is "not yet".
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).ignoreExceptions().until(() -> {
            PoolReadback a = stand.table11("a");
            PoolReadback b = stand.table11("b");
            if (!a.problems().isEmpty() || !b.problems().isEmpty() || !a.table().equals(b.table())) {
                return false;
            }
            for (String node : List.of("a", "b")) {
                JsonNode pool = JSON.readTree(stand.api(node, "GET", "/fleet")).path("fleet").path("pools").path(0);
                if (!pool.path("digest").asText().equals(a.table().digest()) || pool.path("disagreeing").asInt() != 0
                        || pool.path("installed").size() != 2) {
                    return false;
                }
            }
            agreed[0] = a.table();
            return done.test(a.table());
        });
    }

    private static String tail(String log) {
        List<String> lines = log.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
    }

    /** What a node alone installs for the three members at weight 100. */
    private static SlotTable pure() {
        List<Member> members = IntStream.range(0, 3).mapToObj(i -> new Member(TwoNodeStand.backendAddress(i) + ":8080", 100))
                .toList();
        return Maglev.layout(String.valueOf(TwoNodeStand.POOL), members, TwoNodeStand.SLOTS);
    }
}
