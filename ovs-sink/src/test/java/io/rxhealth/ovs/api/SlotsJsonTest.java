package io.rxhealth.ovs.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rxhealth.ovs.pool.MemberReport;
import io.rxhealth.ovs.pool.PoolReport;
import java.util.List;
import org.junit.jupiter.api.Test;

/** /slots carries each pool's listener: `rx-health-lbd slots` printed "null" for it. */
class SlotsJsonTest {
    @Test
    void theSlotReportNamesTheListener() throws Exception {
        PoolReport pool = new PoolReport(1, "web", "192.168.5.21:80", 1024, null, null, 0, 0, null, false, false, 1.0, 50,
                List.of(), 2);
        String body = new Json().slots(List.of(pool));
        PoolReport[] back = new ObjectMapper().treeToValue(new ObjectMapper().readTree(body).get("pools"), PoolReport[].class);
        assertThat(back[0].listener()).isEqualTo("192.168.5.21:80");
    }

    @Test
    void theSlotReportFlagsZeroSlotMembersAndNamesTheLayoutVersion() throws Exception {
        PoolReport pool = new PoolReport(1, "web", "192.168.5.21:80", 3, null, null, 0, 0, null, false, false, 1.0, 50,
                List.of(new MemberReport("10.20.0.2:8080", "up", "UP", "HTTP 200", "off", null, null, null, 0, 1, 100,
                        1, false, 0, 0.002, 0.006, -0.006, -1, -1, true)), 2);
        var tree = new ObjectMapper().readTree(new Json().slots(List.of(pool))).get("pools").get(0);

        assertThat(tree.get("layoutVersion").asInt()).isEqualTo(2);
        assertThat(tree.get("members").get(0).get("zeroSlots").asBoolean()).isTrue();
        var status = new ObjectMapper().readTree(new Json().status(List.of(pool))).get("pools").get(0);
        assertThat(status.get("layoutVersion").asInt()).isEqualTo(2);
        assertThat(status.get("members").get(0).get("zeroSlots").asBoolean()).isTrue();
    }
}
