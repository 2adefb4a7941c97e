package io.rxhealth.ovs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rxhealth.ovs.Golden;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PipelineRendererTest {
    private static final Golden GOLDEN = Golden.of(PipelineRendererTest.class);

    private final Topology stand = StandTopology.read();

    @Test
    void rendersTheStandPipeline() {
        List<String> flows = PipelineRenderer.render(stand, StandTopology.NEIGHBOURS);
        GOLDEN.assertMatches("stand.flows", String.join("\n", flows) + "\n");
    }

    @Test
    void everyTableEndsInADropOrAForwardSoNothingFallsOffTheEnd() {
        List<String> flows = PipelineRenderer.render(stand, StandTopology.NEIGHBOURS);
        for (int table : Tables.ALL) {
            assertThat(flows).as("table %d", table).anyMatch(f -> f.startsWith("table=" + table + ",priority=0 actions="));
        }
    }

    @Test
    void table11HoldsOnlyTheFailCloseDrop() {
        List<String> flows = PipelineRenderer.render(stand, StandTopology.NEIGHBOURS);
        assertThat(flows.stream().filter(f -> f.startsWith("table=11,"))).containsExactly("table=11,priority=0 actions=drop");
    }

    @Test
    void theListenerHandsItsPoolToTable11AsTheFlowPackageExpects() {
        List<String> flows = PipelineRenderer.render(stand, Map.of());
        assertThat(flows).contains("table=10,priority=200,tcp,nw_dst=192.168.5.21,tp_dst=80 actions=set_field:1->reg3,"
                + "multipath(symmetric_l3l4,1,modulo_n,1024,0,NXM_NX_REG1[]),goto_table:11");
    }

    @Test
    void aSameSegmentMemberIsSwitchedWithoutTtlDecrementAndARoutedOneIsRouted() {
        List<String> flows = PipelineRenderer.render(stand, Map.of());
        assertThat(flows).contains(
                "table=12,priority=110,ip,reg0=2,reg2=0x0a140002,reg4=0x1f90 actions=ct(commit,zone=1,nat(dst=10.20.0.2:8080),table=21)",
                "table=12,priority=100,ip,reg2=0x0a140002,reg4=0x1f90 actions=ct(commit,zone=1,nat(dst=10.20.0.2:8080),table=20)");
    }

    @Test
    void withoutNeighboursTable21HoldsOnlyTheHcPorts() {
        List<String> flows = PipelineRenderer.render(stand, Map.of());
        assertThat(flows.stream().filter(f -> f.startsWith("table=21,priority=100,"))).containsExactly(
                "table=21,priority=100,ip,nw_dst=10.20.0.253 actions=set_field:02:42:0a:14:00:fd->eth_dst,output:4",
                "table=21,priority=100,ip,nw_dst=10.30.0.253 actions=set_field:02:42:0a:1e:00:fd->eth_dst,output:5");
    }

    @Test
    void switchingOffASegmentsPrivateListenersRemovesItsVipEverywhereButTheDropAndLeavesTheRest() {
        List<String> on = PipelineRenderer.render(stand, StandTopology.NEIGHBOURS);
        List<String> off = PipelineRenderer.render(stand.withPrivateListeners("priv3", false), StandTopology.NEIGHBOURS);

        assertThat(on).containsAll(off);
        assertThat(on.stream().filter(f -> !off.contains(f))).containsExactlyInAnyOrder(
                "table=1,priority=105,icmp,reg0=3,nw_dst=10.30.0.100,icmp_type=8,icmp_code=0 actions=goto_table:6",
                "table=1,priority=100,ip,reg0=3,dl_dst=02:42:0a:1e:00:01,nw_dst=10.30.0.100 actions="
                        + IngressFlows.LEARN_ADJACENCY + ",goto_table:10",
                "table=5,priority=100,arp,reg0=3,arp_tpa=10.30.0.100,arp_op=1 actions=move:NXM_OF_ETH_SRC[]->NXM_OF_ETH_DST[],"
                        + "set_field:02:42:0a:1e:00:01->eth_src,set_field:2->arp_op,move:NXM_NX_ARP_SHA[]->NXM_NX_ARP_THA[],"
                        + "set_field:02:42:0a:1e:00:01->arp_sha,move:NXM_OF_ARP_SPA[]->NXM_OF_ARP_TPA[],"
                        + "set_field:10.30.0.100->arp_spa,IN_PORT",
                "table=10,priority=200,tcp,reg0=3,nw_dst=10.30.0.100,tp_dst=80 actions=set_field:3->reg3,"
                        + "multipath(symmetric_l3l4,3,modulo_n,1024,0,NXM_NX_REG1[]),goto_table:11");
    }

    @Test
    void routesArePrioritisedByPrefixLengthAboveTheDrop() {
        Topology withDefault = new Topology(stand.segments(), stand.pools(), stand.listeners(),
                List.of(new Route(Prefix.parse("0.0.0.0/0", "route"), "pub"), new Route(Prefix.parse("172.16.0.0/12", "route"), "priv2")));
        List<String> flows = PipelineRenderer.render(withDefault, Map.of());
        assertThat(flows).contains(
                "table=20,priority=100,ip,nw_dst=0.0.0.0/0 actions=dec_ttl,set_field:02:42:c0:a8:05:14->eth_src,goto_table:21",
                "table=20,priority=112,ip,nw_dst=172.16.0.0/12 actions=dec_ttl,set_field:02:42:0a:14:00:01->eth_src,goto_table:21",
                "table=1,priority=100,ip,reg0=1,dl_dst=02:42:c0:a8:05:14,nw_dst=172.16.0.0/12 actions="
                        + IngressFlows.LEARN_ADJACENCY + ",goto_table:10");
    }

    @Test
    void aNeighbourThatIsNoHostPortIsRejected() {
        assertThatThrownBy(() -> PipelineRenderer.render(stand, Map.of(StandTopology.ip("10.20.0.99"), new Mac("02:00:00:00:00:01"))))
                .hasMessage("neighbour: 10.20.0.99 (expected: the address of a segment's host port)");
    }

    @Test
    void rendersAMembersAdjacencyForPointUpdates() {
        assertThat(PipelineRenderer.adjacency(stand, StandTopology.ip("10.30.0.3"), new Mac("02:AA:00:00:00:03")))
                .isEqualTo("table=21,priority=100,ip,nw_dst=10.30.0.3 actions=set_field:02:aa:00:00:00:03->eth_dst,output:21");
    }
}
