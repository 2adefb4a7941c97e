package io.rxhealth.ovs.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rxhealth.ovs.pool.PoolReport;
import java.util.List;
import org.junit.jupiter.api.Test;

/** /slots carries each pool's listener: `rx-health-lbd slots` printed "null" for it. */
class SlotsJsonTest {
    @Test
    void theSlotReportNamesTheListener() throws Exception {
        PoolReport pool = new PoolReport(1, "web", "192.168.5.21:80", 1024, null, null, 0, 0, null, false, false, 1.0, 50,
                List.of());
        String body = new Json().slots(List.of(pool));
        PoolReport[] back = new ObjectMapper().treeToValue(new ObjectMapper().readTree(body).get("pools"), PoolReport[].class);
        assertThat(back[0].listener()).isEqualTo("192.168.5.21:80");
    }
}
