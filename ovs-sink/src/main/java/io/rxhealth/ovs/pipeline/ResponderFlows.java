package io.rxhealth.ovs.pipeline;

import static io.rxhealth.ovs.pipeline.Tables.ARP;
import static io.rxhealth.ovs.pipeline.Tables.ICMP;
import static io.rxhealth.ovs.pipeline.Tables.SEGMENT_REG;
import static io.rxhealth.ovs.pipeline.Tables.SWITCH;

import java.util.List;

/** Tables 5 (ARP responder) and 6 (ICMP echo responder): the node has no ARP or IP stack of its own. */
final class ResponderFlows {
    private ResponderFlows() {
    }

    static void table5(Topology topology, List<String> out) {
        for (Segment s : topology.segments()) {
            for (Ipv4 a : Addresses.arp(topology, s)) {
                out.add(Flow.of(ARP, 100, "arp," + SEGMENT_REG + "=" + s.id() + ",arp_tpa=" + a + ",arp_op=1",
                        "move:NXM_OF_ETH_SRC[]->NXM_OF_ETH_DST[],set_field:" + s.mac() + "->eth_src,"
                                + "set_field:2->arp_op,move:NXM_NX_ARP_SHA[]->NXM_NX_ARP_THA[],"
                                + "set_field:" + s.mac() + "->arp_sha,move:NXM_OF_ARP_SPA[]->NXM_OF_ARP_TPA[],"
                                + "set_field:" + a + "->arp_spa,IN_PORT"));
            }
            if (s.kind() == SegmentKind.PRIVATE) {
                // Neighbours' own ARP (a backend asking for a client, replies) is switched like any frame.
                out.add(Flow.of(ARP, 10, SEGMENT_REG + "=" + s.id(), Flow.next(SWITCH)));
            }
        }
        out.add(Flow.drop(ARP));
    }

    static void table6(List<String> out) {
        // Table 1 sends only echo requests to the node's addresses here: swap, answer, send back.
        out.add(Flow.of(ICMP, 100, "icmp,icmp_type=8,icmp_code=0",
                "push:NXM_OF_ETH_SRC[],push:NXM_OF_ETH_DST[],pop:NXM_OF_ETH_SRC[],pop:NXM_OF_ETH_DST[],"
                        + "push:NXM_OF_IP_SRC[],push:NXM_OF_IP_DST[],pop:NXM_OF_IP_SRC[],pop:NXM_OF_IP_DST[],"
                        + "mod_nw_ttl:64,set_field:0->icmp_type,IN_PORT"));
        out.add(Flow.drop(ICMP));
    }
}
