package io.rxhealth.ovs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rxhealth.ovs.Golden;
import io.rxhealth.ovs.openflow.Bundle;
import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.weighting.maglev.SlotTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class PipelineApplierTest {
    private static final Golden GOLDEN = Golden.of(PipelineApplierTest.class);

    private static final List<String> FOUR = List.of("10.20.0.2:8080", "10.20.0.3:8080", "10.30.0.2:8080", "10.30.0.3:8080");
    private final Topology small = TopologyFile.parse(GOLDEN.read("small-topology.yaml"), "small-topology.yaml");

    @Test
    void rendersOneBundleThatReplacesEverythingWithTheCurrentSlotsAndNeighbours() {
        Map<Integer, SlotTable> slots = Map.of(1, StandTopology.layout(small.pool(1), FOUR.subList(0, 3)));
        Bundle bundle = PipelineApplier.bundle(small, slots, Map.of(StandTopology.ip("10.20.0.2"), new Mac("02:42:0a:14:00:02")));
        GOLDEN.assertMatches("small-apply.bundle", bundle.text());

        assertThat(bundle.lines().get(0)).isEqualTo("flow delete");
        assertThat(bundle.lines()).filteredOn(l -> l.startsWith("flow add table=11,priority=100,"))
                .hasSize(16).noneMatch(l -> l.contains("0x00010a1e00031f90"));
    }

    @Test
    void marksEveryPipelineFlowWithTheCookieButLeavesSlotFlowsTheirOwn() {
        Map<Integer, SlotTable> slots = Map.of(1, StandTopology.layout(small.pool(1), FOUR));
        Bundle plain = PipelineApplier.bundle(small, slots, Map.of());
        Bundle marked = PipelineApplier.bundle(small, slots, Map.of(), 0x5eedL);

        assertThat(marked.lines()).hasSameSizeAs(plain.lines());
        assertThat(marked.lines()).filteredOn(l -> l.startsWith("flow add cookie=0x5eed,table="))
                .hasSize(PipelineRenderer.render(small, Map.of()).size() - 1)
                .noneMatch(l -> l.contains("table=11,"));
        assertThat(marked.lines()).contains("flow add table=11,priority=0 actions=drop");
        assertThat(marked.lines()).filteredOn(l -> l.startsWith("flow add table=11,priority=100,")).hasSize(16);
        assertThat(PipelineApplier.withCookie(0, "table=0,priority=0 actions=drop")).isEqualTo("table=0,priority=0 actions=drop");
    }

    @Test
    void aPoolWithoutASlotTableIsFailClosedNotFilled() {
        Bundle bundle = PipelineApplier.bundle(small, Map.of(), Map.of());
        assertThat(bundle.lines()).filteredOn(l -> l.contains("table=11")).containsExactly("flow add table=11,priority=0 actions=drop");
    }

    @Test
    void rejectsASlotTableOfAnotherSizeOrWithAStranger() {
        SlotTable wrongSize = StandTopology.layout(new Pool(1, 32, List.of()), FOUR);
        SlotTable stranger = StandTopology.layout(small.pool(1), List.of("10.20.0.3:9090"));
        assertThatThrownBy(() -> PipelineApplier.bundle(small, Map.of(1, wrongSize), Map.of()))
                .hasMessage("slot table of pool 1: 32 slots (expected: 16, the listener's multipath size)");
        assertThatThrownBy(() -> PipelineApplier.bundle(small, Map.of(1, stranger), Map.of()))
                .hasMessage("slot table of pool 1: member 10.20.0.3:9090 (expected: one of the pool's members, which table 12 translates to)");
        assertThatThrownBy(() -> PipelineApplier.bundle(small, Map.of(5, wrongSize), Map.of()))
                .hasMessage("pool: 5 (expected: one of the topology's pools)");
    }

    @Test
    void runsOvsOfctlBundleOnceWithTheBundleOnStdin() throws Exception {
        List<List<String>> commands = new ArrayList<>();
        List<String> stdins = new ArrayList<>();
        long[] now = {0};
        PipelineApplier applier = new PipelineApplier(new OfctlSwitch("unix:/x/rxhlb.mgmt", (command, stdin, timeout) -> {
            commands.add(command);
            stdins.add(stdin);
            now[0] += 5_000_000;
            return new CommandResult(0, "", "");
        }), () -> now[0]);
        Map<Integer, SlotTable> slots = Map.of(1, StandTopology.layout(small.pool(1), FOUR));

        PipelineApplied applied = applier.apply(small, slots, Map.of());

        assertThat(commands).containsExactly(List.of("ovs-ofctl", "--no-names", "-O", "OpenFlow14", "bundle", "unix:/x/rxhlb.mgmt", "-"));
        assertThat(stdins).containsExactly(PipelineApplier.bundle(small, slots, Map.of()).text());
        assertThat(applied.duration()).isEqualTo(Duration.ofMillis(5));
        assertThat(applied.digests()).containsExactly(Map.entry(1, slots.get(1).digest()));
        assertThat(applied.flowMods()).isEqualTo(stdins.get(0).split("\n").length);
    }

    @Test
    void aRejectedBundleIsOneLineSayingTheSwitchKeptItsPipeline() {
        PipelineApplier applier = new PipelineApplier(new OfctlSwitch("unix:/x/rxhlb.mgmt",
                (command, stdin, timeout) -> new CommandResult(1, "", "ovs-ofctl: rxhlb.mgmt: bad\nflow\n")), () -> 0);
        assertThatThrownBy(() -> applier.apply(small, Map.of(), Map.of()))
                .isInstanceOf(PipelineApplyException.class)
                .hasMessage("ovs-ofctl bundle unix:/x/rxhlb.mgmt: exit 1: ovs-ofctl: rxhlb.mgmt: bad flow (expected: exit 0);"
                        + " the switch kept its previous pipeline");
    }

    @Test
    void aTimeoutSaysThePipelineMayBeEitherOne() {
        PipelineApplier applier = new PipelineApplier(new OfctlSwitch("unix:/x/rxhlb.mgmt", (command, stdin, timeout) -> {
            throw new TimeoutException("slow");
        }), () -> 0);
        assertThatThrownBy(() -> applier.apply(small, Map.of(), Map.of()))
                .isInstanceOfSatisfying(PipelineApplyException.class, e -> assertThat(e.timedOut()).isTrue())
                .hasMessageContaining("the pipeline is the previous or the new one: read back");
    }
}
