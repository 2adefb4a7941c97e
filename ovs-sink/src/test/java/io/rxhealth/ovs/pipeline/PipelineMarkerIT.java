package io.rxhealth.ovs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rxhealth.ovs.flow.OvsSandbox;
import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.ovs.slots.RecordingSlotTableWriter;
import io.rxhealth.weighting.Ticker;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The pipeline keeper's marker count against a real ovs-vswitchd with the stand's topology (every
 * kind of flow the renderer makes): right after an apply the count is what the keeper expects, so
 * a healthy pipeline is never re-applied, and a point update keeps it so.
 */
@ExtendWith(OvsSandbox.PerTestClass.class)
class PipelineMarkerIT {
    private final OvsSandbox ovs;

    PipelineMarkerIT(OvsSandbox ovs) {
        this.ovs = ovs;
    }

    @Test
    void aFreshlyAppliedStandPipelineCountsAsIntactAndStaysSoAfterPointUpdates() throws Exception {
        Topology stand = TopologyFile.read(Path.of("../stand/topology.yaml"));
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        PipelineKeeper keeper = new PipelineKeeper(stand, new RecordingSlotTableWriter(),
                new PipelineApplier(new OfctlSwitch(ovs.target(), CommandRunner.processes()), Ticker.system()),
                new PipelineMarker(new OfctlSwitch(ovs.target(), CommandRunner.processes())), registry);
        Map<Ipv4, Mac> macs = new LinkedHashMap<>();
        int i = 0;
        for (Endpoint m : stand.members()) {
            macs.put(m.address(), new Mac(String.format("02:42:00:00:00:%02x", ++i)));
        }
        keeper.neighbours(Map.of());

        assertThat(keeper.check()).as("first check applies").isTrue();
        keeper.neighbours(macs);
        assertThat(keeper.check()).isTrue();
        assertThat(keeper.check()).isTrue();

        assertThat(registry.get("rxhealth_lbd_pipeline_applies").tag("result", "ok").counter().count()).isEqualTo(1);
        assertThat(registry.get("rxhealth_lbd_pipeline_repairs").counter().count()).isZero();
        assertThat(registry.get("rxhealth_lbd_neighbour_updates").tag("result", "ok").counter().count()).isEqualTo(macs.size());
        long marked = PipelineMarker.cookie(stand);
        assertThat(ovs.ofctl("dump-flows", ovs.target(), "table=21")).contains("cookie=0x" + Long.toHexString(marked))
                .contains("set_field:02:42:00:00:00:01->eth_dst");

        ovs.ofctl("add-flow", ovs.target(), "table=21,priority=100,ip,nw_dst=10.20.0.2 actions=drop");
        assertThat(keeper.check()).isTrue();
        assertThat(registry.get("rxhealth_lbd_pipeline_repairs").counter().count()).as("an overwritten flow is found").isEqualTo(1);
    }
}
