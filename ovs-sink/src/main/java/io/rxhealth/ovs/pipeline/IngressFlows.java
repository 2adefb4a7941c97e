package io.rxhealth.ovs.pipeline;

import static io.rxhealth.ovs.pipeline.Tables.ADJACENCY;
import static io.rxhealth.ovs.pipeline.Tables.ARP;
import static io.rxhealth.ovs.pipeline.Tables.CLASSIFY;
import static io.rxhealth.ovs.pipeline.Tables.ICMP;
import static io.rxhealth.ovs.pipeline.Tables.INGRESS;
import static io.rxhealth.ovs.pipeline.Tables.LEARNED_ADJACENCY_PRIORITY;
import static io.rxhealth.ovs.pipeline.Tables.LEARNED_FDB_PRIORITY;
import static io.rxhealth.ovs.pipeline.Tables.LEARN_TIMEOUT_S;
import static io.rxhealth.ovs.pipeline.Tables.LISTENER;
import static io.rxhealth.ovs.pipeline.Tables.ROUTE;
import static io.rxhealth.ovs.pipeline.Tables.SEGMENT_REG;
import static io.rxhealth.ovs.pipeline.Tables.SWITCH;
import static io.rxhealth.ovs.pipeline.Tables.SWITCH_UNDNAT;
import static io.rxhealth.ovs.pipeline.Tables.UNDNAT;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Tables 0 (segment by in_port, FDB learning) and 1 (classification, client adjacency learning). */
final class IngressFlows {
    /** FDB entry of a private segment: frames to the source MAC go out of the port it came in on. */
    static final String LEARN_FDB = "learn(table=" + SWITCH + ",priority=" + LEARNED_FDB_PRIORITY + ",hard_timeout="
            + LEARN_TIMEOUT_S + ",NXM_NX_REG0[],NXM_OF_ETH_DST[]=NXM_OF_ETH_SRC[],output:NXM_OF_IN_PORT[])";
    /** Client adjacency: packets to the source address get its MAC and leave by its port. */
    static final String LEARN_ADJACENCY = "learn(table=" + ADJACENCY + ",priority=" + LEARNED_ADJACENCY_PRIORITY
            + ",hard_timeout=" + LEARN_TIMEOUT_S + ",eth_type=0x800,NXM_OF_IP_DST[]=NXM_OF_IP_SRC[],"
            + "load:NXM_OF_ETH_SRC[]->NXM_OF_ETH_DST[],output:NXM_OF_IN_PORT[])";

    private IngressFlows() {
    }

    static void table0(Topology topology, List<String> out) {
        for (Segment s : topology.segments()) {
            String segment = "set_field:" + s.id() + "->" + SEGMENT_REG;
            String learn = s.kind() == SegmentKind.PRIVATE ? LEARN_FDB + "," : "";
            for (Port p : s.ports()) {
                out.add(Flow.of(INGRESS, 100, "in_port=" + p.ofport(), segment + "," + learn + Flow.next(CLASSIFY)));
            }
            for (HcPort h : s.hc()) {
                // The node's own probes are routed at once: no client learning, no conntrack.
                out.add(Flow.of(INGRESS, 110, "ip,in_port=" + h.ofport(), segment + "," + Flow.next(ROUTE)));
                out.add(Flow.of(INGRESS, 100, "in_port=" + h.ofport(), segment + "," + learn + Flow.next(CLASSIFY)));
            }
        }
        out.add(Flow.drop(INGRESS));
    }

    static void table1(Topology topology, List<String> out) {
        for (Segment s : topology.segments()) {
            String seg = SEGMENT_REG + "=" + s.id();
            out.add(Flow.of(CLASSIFY, 110, "arp," + seg, Flow.next(ARP)));
            for (Ipv4 a : Addresses.echo(topology, s)) {
                out.add(Flow.of(CLASSIFY, 105, "icmp," + seg + ",nw_dst=" + a + ",icmp_type=8,icmp_code=0", Flow.next(ICMP)));
            }
            String toNode = "ip," + seg + ",dl_dst=" + s.mac() + ",nw_dst=";
            String learnThen = LEARN_ADJACENCY + ",";
            if (s.kind() == SegmentKind.PUBLIC) {
                // Learning is narrowed to traffic for the node, so LAN broadcast noise never reaches table 21.
                for (String d : publicDestinations(topology, s)) {
                    out.add(Flow.of(CLASSIFY, 100, toNode + d, learnThen + Flow.next(LISTENER)));
                }
            } else {
                for (Ipv4 vip : Addresses.reachableVips(topology, s)) {
                    out.add(Flow.of(CLASSIFY, 100, toNode + vip, learnThen + Flow.next(LISTENER)));
                }
                out.add(Flow.of(CLASSIFY, 90, "ip," + seg + ",dl_dst=" + s.mac(), learnThen + Flow.next(UNDNAT)));
                out.add(Flow.of(CLASSIFY, 80, "ip," + seg, Flow.next(SWITCH_UNDNAT)));
                out.add(Flow.of(CLASSIFY, 70, seg, Flow.next(SWITCH)));
            }
        }
        out.add(Flow.drop(CLASSIFY));
    }

    /** What a public client may address: VIPs, the node, other segments and routes out of them. */
    private static List<String> publicDestinations(Topology topology, Segment pub) {
        Set<String> d = new LinkedHashSet<>();
        Addresses.reachableVips(topology, pub).forEach(v -> d.add(v.toString()));
        d.add(pub.address().toString());
        for (Segment other : topology.segments()) {
            if (other != pub) {
                d.add(other.prefix().toString());
            }
        }
        for (Route r : topology.routes()) {
            if (!r.segment().equals(pub.name())) {
                d.add(r.prefix().toString());
            }
        }
        return new ArrayList<>(d);
    }
}
