package io.rxhealth.ovs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rxhealth.ovs.fake.FakeSwitch;
import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.slots.MemberSpec;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.RecordingSlotTableWriter;
import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PipelineKeeperTest {
    private static final Ipv4 BE1 = Ipv4.parse("10.20.0.2", "test");
    private static final Ipv4 BE3 = Ipv4.parse("10.20.0.3", "test");
    private static final Mac MAC1 = new Mac("02:42:0a:14:00:02");
    private static final Mac MAC3 = new Mac("02:42:0a:14:00:03");
    private static final Mac MAC3_NEW = new Mac("02:42:0a:14:00:33");

    private final Topology topology = topology();
    private final FakeSwitch ovs = new FakeSwitch();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final PipelineKeeper keeper = new PipelineKeeper(topology, new RecordingSlotTableWriter(),
            new PipelineApplier(new OfctlSwitch("unix:/x/rxhlb.mgmt", ovs), () -> 0),
            new PipelineMarker(new OfctlSwitch("unix:/x/rxhlb.mgmt", ovs)), registry);
    private final long cookie = PipelineMarker.cookie(topology);
    private final PoolSpec pool = new PoolSpec(1, "web", "192.168.5.21", 80, 16, List.of(
            new MemberSpec("10.20.0.2:8080", 1, "10.20.0.2", 8080, 100),
            new MemberSpec("10.20.0.3:8080", 2, "10.20.0.3", 8080, 100),
            new MemberSpec("10.30.0.2:8080", 3, "10.30.0.2", 8080, 100),
            new MemberSpec("10.30.0.3:8080", 4, "10.30.0.3", 8080, 100)));
    /** Two of the four members are out: the pipeline must carry this table, never the full pool. */
    private final SlotTable current = Maglev.layout("1", List.of(new Member("10.20.0.2:8080", 100, 100),
            new Member("10.20.0.3:8080", 0, 100), new Member("10.30.0.2:8080", 100, 100),
            new Member("10.30.0.3:8080", 0, 100)), 16);

    @Test
    void theWholePipelineCarriesTheCurrentSlotsAndTheMacsKnown() throws Exception {
        keeper.apply(pool, null, current, false);
        keeper.neighbours(Map.of(BE1, MAC1, BE3, MAC3));
        assertThat(ovs.bundles()).as("no point update into a pipeline this node did not write").isEmpty();

        assertThat(keeper.reapply("start")).isTrue();

        String bundle = ovs.bundles().get(0);
        assertThat(bundle).isEqualTo(PipelineApplier.bundle(topology, Map.of(1, current), Map.of(BE1, MAC1, BE3, MAC3),
                cookie).text());
        assertThat(bundle.lines().filter(l -> l.startsWith("flow add table=11,priority=100,"))).hasSize(16)
                .noneMatch(l -> l.contains("0x0a140003"));
        assertThat(keeper.pushed(BE3)).isEqualTo(MAC3);
    }

    @Test
    void aCheckReappliesOnlyWhenTheMarkedFlowsAreNotAllThere() throws Exception {
        keeper.apply(pool, null, current, false);
        keeper.neighbours(Map.of(BE1, MAC1));
        keeper.reapply("start");
        long expected = PipelineRenderer.render(topology, Map.of(BE1, MAC1)).stream()
                .filter(f -> !f.startsWith("table=11,")).count();
        ovs.clear();

        ovs.flowCount(expected);
        assertThat(keeper.check()).isTrue();
        assertThat(ovs.bundles()).isEmpty();
        assertThat(ovs.calls()).singleElement().satisfies(c -> assertThat(c.command()).containsSequence(
                "dump-aggregate", "unix:/x/rxhlb.mgmt", "cookie=0x" + Long.toHexString(cookie) + "/-1"));

        ovs.flowCount(0);
        assertThat(keeper.check()).isTrue();
        assertThat(ovs.bundles()).singleElement().satisfies(b -> assertThat(b)
                .startsWith("flow delete\n").contains("nw_dst=10.20.0.2 actions=set_field:02:42:0a:14:00:02->eth_dst"));
        assertThat(registry.get("rxhealth_lbd_pipeline_repairs").counter().count()).isEqualTo(1);
    }

    @Test
    void aChangedMacIsAPointUpdateOfThatMemberOnly() throws Exception {
        keeper.apply(pool, null, current, false);
        keeper.neighbours(Map.of(BE1, MAC1, BE3, MAC3));
        keeper.reapply("start");
        ovs.clear();

        keeper.neighbours(Map.of(BE1, MAC1, BE3, MAC3_NEW));

        String flow = "cookie=0x" + Long.toHexString(cookie)
                + ",table=21,priority=100,ip,nw_dst=10.20.0.3 actions=set_field:02:42:0a:14:00:33->eth_dst,output:11";
        assertThat(ovs.bundles()).containsExactly(
                "flow delete_strict table=21,priority=100,ip,nw_dst=10.20.0.3\nflow add " + flow + "\n");
        assertThat(keeper.pushed(BE3)).isEqualTo(MAC3_NEW);
        assertThat(registry.get("rxhealth_lbd_neighbour_updates").tag("result", "ok").counter().count()).isEqualTo(1);

        ovs.clear();
        keeper.neighbours(Map.of(BE1, MAC1, BE3, MAC3_NEW));
        assertThat(ovs.bundles()).as("unchanged: nothing to push").isEmpty();
    }

    @Test
    void aFailedPointUpdateIsRetriedOnTheNextRead() throws Exception {
        keeper.reapply("start");
        ovs.clear();
        ovs.failBundles(1);

        keeper.neighbours(Map.of(BE1, MAC1));
        assertThat(keeper.pushed(BE1)).isNull();
        keeper.neighbours(Map.of(BE1, MAC1));

        assertThat(ovs.bundles()).hasSize(2);
        assertThat(keeper.pushed(BE1)).isEqualTo(MAC1);
    }

    @Test
    void aReapplyAfterAWipeRepushesTheMacsMemorySaysAreUnchanged() throws Exception {
        keeper.apply(pool, null, current, false);
        keeper.neighbours(Map.of(BE1, MAC1, BE3, MAC3));
        keeper.reapply("start");
        ovs.clear();

        ovs.flowCount(0);
        keeper.check();
        keeper.neighbours(Map.of(BE1, MAC1, BE3, MAC3));

        assertThat(ovs.bundles()).as("the re-apply only: its bundle already carries both members")
                .singleElement().satisfies(b -> assertThat(b)
                        .contains("nw_dst=10.20.0.2 actions=set_field:02:42:0a:14:00:02->eth_dst,output:10")
                        .contains("nw_dst=10.20.0.3 actions=set_field:02:42:0a:14:00:03->eth_dst,output:11"));
    }

    @Test
    void aFailedPipelineApplyKeepsTheBeliefAndIsCounted() throws Exception {
        ovs.failBundles(1);
        assertThat(keeper.reapply("start")).isFalse();
        assertThat(registry.get("rxhealth_lbd_pipeline_applies").tag("result", "failed").counter().count()).isEqualTo(1);
        keeper.neighbours(Map.of(BE1, MAC1));
        assertThat(ovs.bundles()).as("not owned yet: no point update").hasSize(1);
    }

    @Test
    void theCookieIsNeverASlotCookieAndFollowsTheTopology() {
        assertThat(cookie >>> 48).isZero();
        assertThat(cookie).isNotZero();
        Topology moved = TopologyFile.parse(yaml().replace("ofport: 11,", "ofport: 12,"), "moved");
        assertThat(PipelineMarker.cookie(moved)).isNotEqualTo(cookie);
        assertThat(PipelineMarker.cookie(TopologyFile.parse(yaml(), "same"))).isEqualTo(cookie);
    }

    static Topology topology() {
        return TopologyFile.parse(yaml(), "lb-topology.yaml");
    }

    private static String yaml() {
        try (InputStream in = PipelineKeeperTest.class.getResourceAsStream("lb-topology.yaml")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
