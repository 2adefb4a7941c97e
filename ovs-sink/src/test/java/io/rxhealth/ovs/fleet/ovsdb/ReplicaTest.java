package io.rxhealth.ovs.fleet.ovsdb;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The replica's rows and per-table versions: a reader keeps what it derived until its table changes. */
class ReplicaTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static void apply(Replica replica, String updates) throws Exception {
        replica.apply(JSON.readTree(updates.replace('\'', '"')));
    }

    @Test
    void anUpdateRaisesTheVersionOfTheTablesItNamesOnly() throws Exception {
        Replica replica = new Replica();
        long beats = replica.version("LB_Node");
        long observations = replica.version("Observation");

        apply(replica, "{'LB_Node': {'u1': {'new': {'name': 'lb-0', 'heartbeat': 1}}}}");

        assertThat(replica.version("LB_Node")).isGreaterThan(beats);
        assertThat(replica.version("Observation")).isEqualTo(observations);
        assertThat(replica.list("LB_Node")).extracting(r -> r.path("heartbeat").asInt()).containsExactly(1);
    }

    @Test
    void aModifiedRowIsReplacedWholeAndADeletedOneRemovedEachWithANewVersion() throws Exception {
        Replica replica = new Replica();
        apply(replica, "{'LB_Node': {'u1': {'new': {'name': 'lb-0', 'heartbeat': 1}}}}");
        long created = replica.version("LB_Node");

        apply(replica, "{'LB_Node': {'u1': {'old': {'heartbeat': 1}, 'new': {'name': 'lb-0', 'heartbeat': 2}}}}");
        long modified = replica.version("LB_Node");
        assertThat(modified).isGreaterThan(created);
        assertThat(replica.list("LB_Node")).extracting(r -> r.path("heartbeat").asInt()).containsExactly(2);

        apply(replica, "{'LB_Node': {'u1': {'old': {'name': 'lb-0', 'heartbeat': 2}}}}");
        assertThat(replica.version("LB_Node")).isGreaterThan(modified);
        assertThat(replica.list("LB_Node")).isEmpty();
    }

    @Test
    void clearingOnReconnectRaisesEveryVersionSoNoViewOfTheOldRowsSurvives() throws Exception {
        Replica replica = new Replica();
        apply(replica, "{'LB_Node': {'u1': {'new': {'name': 'lb-0'}}}, 'Observation': {'u2': {'new': {'node': 'lb-0'}}}}");
        long beats = replica.version("LB_Node");
        long observations = replica.version("Observation");

        replica.clear();

        assertThat(replica.version("LB_Node")).isGreaterThan(beats);
        assertThat(replica.version("Observation")).isGreaterThan(observations);
        assertThat(replica.list("LB_Node")).isEmpty();
        assertThat(replica.list("Observation")).isEmpty();
    }
}
