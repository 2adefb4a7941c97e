package io.rxhealth.ovs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rxhealth.ovs.fake.FakeSwitch;
import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.outage.SwitchCheck;
import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.ovs.slots.RecordingSlotTableWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the keeper's checks tell the switch watch: the switch holds the pipeline, lost it, or does not answer. */
class PipelineKeeperSwitchTest {
    private final Topology topology = PipelineKeeperTest.topology();
    private final FakeSwitch ovs = new FakeSwitch();
    private boolean unreachable;
    private final CommandRunner runner = (command, stdin, timeout) -> unreachable
            ? new CommandResult(1, "", "ovs-ofctl: unix:/x/rxhlb.mgmt: failed to connect to socket (Connection refused)\n")
            : ovs.run(command, stdin, timeout);
    private final List<String> seen = new ArrayList<>();
    private final PipelineKeeper keeper = new PipelineKeeper(topology, new RecordingSlotTableWriter(),
            new PipelineApplier(new OfctlSwitch("unix:/x/rxhlb.mgmt", runner), () -> 0),
            new PipelineMarker(new OfctlSwitch("unix:/x/rxhlb.mgmt", runner)), new SimpleMeterRegistry(),
            (check, detail) -> seen.add(check + (detail.isEmpty() ? "" : ": " + detail)));

    @Test
    void aRestartIsUnreachableThenLostThenHeldOnceRepaired() throws Exception {
        assertThat(keeper.reapply("start")).isTrue();
        long expected = PipelineRenderer.render(topology, Map.of()).stream().filter(f -> !f.startsWith("table=11,")).count();
        ovs.flowCount(expected);
        assertThat(keeper.check()).isTrue();

        unreachable = true; // killed
        assertThat(keeper.check()).isFalse();
        unreachable = false; // back, and empty
        ovs.flowCount(0);
        assertThat(keeper.check()).isTrue(); // repaired
        ovs.flowCount(expected);
        assertThat(keeper.check()).isTrue();

        assertThat(seen).hasSize(6);
        assertThat(seen.subList(0, 2)).containsExactly("HOLDS", "HOLDS");
        assertThat(seen.get(2)).startsWith("UNREACHABLE: ").contains("Connection refused");
        assertThat(seen.subList(3, 6)).containsExactly("LOST: 0 of its " + expected + " flows", "HOLDS", "HOLDS");
    }

    @Test
    void aRepairThatFailsLeavesItLost() throws Exception {
        keeper.reapply("start");
        seen.clear();
        ovs.flowCount(0);
        ovs.failBundles(1);

        assertThat(keeper.check()).isFalse();

        assertThat(seen).singleElement().asString().startsWith("LOST: 0 of its ");
    }

    @Test
    void beforeItsFirstPipelineTheSwitchIsNotLostButUnwritten() {
        ovs.flowCount(0);
        ovs.failBundles(1);

        assertThat(keeper.check()).isFalse();

        assertThat(seen).isEmpty();
    }
}
