package io.rxhealth.ovs.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rxhealth.ovs.fleet.FleetStatus;
import io.rxhealth.ovs.pool.MemberReport;
import io.rxhealth.ovs.pool.PoolReport;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * /slots carries each pool's listener (`rx-health-lbd slots` printed "null" for it); with a fleet,
 * /status and /slots carry the fleet's view, which the CLI reads back.
 */
class SlotsJsonTest {
    @Test
    void theSlotReportNamesTheListener() throws Exception {
        PoolReport pool = new PoolReport(1, "web", "192.168.5.21:80", 1024, null, null, 0, 0, null, false, false, 1.0, 50,
                List.of(), 2);
        String body = new Json().slots(List.of(pool), Optional.empty());
        PoolReport[] back = new ObjectMapper().treeToValue(new ObjectMapper().readTree(body).get("pools"), PoolReport[].class);
        assertThat(back[0].listener()).isEqualTo("192.168.5.21:80");
    }

    @Test
    void theSlotReportFlagsZeroSlotMembersAndNamesTheLayoutVersion() throws Exception {
        PoolReport pool = new PoolReport(1, "web", "192.168.5.21:80", 3, null, null, 0, 0, null, false, false, 1.0, 50,
                List.of(new MemberReport("10.20.0.2:8080", "up", "UP", "HTTP 200", "off", null, null, null, 0, 1, 100,
                        1, false, 0, 0.002, 0.006, -0.006, -1, -1, true)), 2);
        var tree = new ObjectMapper().readTree(new Json().slots(List.of(pool), Optional.empty())).get("pools").get(0);

        assertThat(tree.get("layoutVersion").asInt()).isEqualTo(2);
        assertThat(tree.get("members").get(0).get("zeroSlots").asBoolean()).isTrue();
        var status = new ObjectMapper().readTree(new Json().status(List.of(pool))).get("pools").get(0);
        assertThat(status.get("layoutVersion").asInt()).isEqualTo(2);
        assertThat(status.get("members").get(0).get("zeroSlots").asBoolean()).isTrue();
    }

    @Test
    void aFleetNodesStatusAndSlotsCarryTheFleetsViewAndReadBackAsIt() throws Exception {
        PoolReport pool = new PoolReport(1, "web", "192.168.5.21:80", 1024, "d1", null, 0, 0, null, false, false, 1.0, 50,
                List.of(), 2);
        var fleet = new FleetStatus("lb-1", false, "unix:/run/fleet.sock", Set.of("lb-0", "lb-1"), 2, Set.of(),
                List.of(new FleetStatus.PoolAgreement("web", 3, "d1", "lb-0", true, 0.25, Map.of("lb-0", "d1", "lb-1", "d0"),
                        1, List.of(new FleetStatus.MemberView("10.20.0.2:8080", "up (panic)", 1, 2, "down 100%", false, 100,
                                100, List.of("lb-1"))))),
                4, 1, Map.of("lb-0", 12L), Map.of("heartbeat", 40L));
        ObjectMapper mapper = new ObjectMapper();
        for (String body : List.of(new Json().status(List.of(pool), Optional.empty(), Optional.of(fleet)),
                new Json().slots(List.of(pool), Optional.of(fleet)))) {
            var tree = mapper.readTree(body);
            assertThat(tree.get("fleet").get("pools").get(0).get("disagreeing").asInt()).isEqualTo(1);
            // As the CLI reads it: the derived "disagreeing" is only written.
            FleetStatus back = mapper.copy().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .treeToValue(tree.get("fleet"), FleetStatus.class);
            assertThat(back).isEqualTo(fleet);
        }
        assertThat(mapper.readTree(new Json().status(List.of(pool))).has("fleet")).isFalse();
    }
}
