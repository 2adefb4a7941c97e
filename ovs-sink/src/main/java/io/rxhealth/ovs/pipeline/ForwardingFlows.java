package io.rxhealth.ovs.pipeline;

import static io.rxhealth.ovs.pipeline.Tables.ADJACENCY;
import static io.rxhealth.ovs.pipeline.Tables.AFTER_UNDNAT;
import static io.rxhealth.ovs.pipeline.Tables.CT_ZONE;
import static io.rxhealth.ovs.pipeline.Tables.MEMBER_ADJACENCY_PRIORITY;
import static io.rxhealth.ovs.pipeline.Tables.ROUTE;
import static io.rxhealth.ovs.pipeline.Tables.SEGMENT_REG;
import static io.rxhealth.ovs.pipeline.Tables.SWITCH;
import static io.rxhealth.ovs.pipeline.Tables.SWITCH_UNDNAT;
import static io.rxhealth.ovs.pipeline.Tables.UNDNAT;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Tables 15/16 (reverse of routed traffic), 20 (routing), 21 (adjacency), 24/25 (private switching). */
final class ForwardingFlows {
    /** Route priority = this + prefix length: the longest prefix wins, and a /0 still beats the drop. */
    static final int ROUTE_PRIORITY_BASE = 100;

    private ForwardingFlows() {
    }

    static void table15and16(List<String> out) {
        // Without commit: replies of a listener's connection are un-DNATed, other traffic passes unchanged.
        out.add(Flow.of(UNDNAT, 100, "ip", "ct(zone=" + CT_ZONE + ",nat,table=" + AFTER_UNDNAT + ")"));
        out.add(Flow.drop(UNDNAT));
        out.add(Flow.of(AFTER_UNDNAT, 110, "ct_state=+trk+rpl,ip", Flow.next(ROUTE)));
        out.add(Flow.of(AFTER_UNDNAT, 100, "ip", Flow.next(ROUTE)));
        out.add(Flow.drop(AFTER_UNDNAT));
    }

    static void table20(Topology topology, List<String> out) {
        for (Segment s : topology.segments()) {
            for (HcPort h : s.hc()) {
                // Replies to the node's probes: delivered to its own interface, not a hop.
                out.add(Flow.of(ROUTE, ROUTE_PRIORITY_BASE + 32, "ip,nw_dst=" + h.address(), Flow.next(ADJACENCY)));
            }
            out.add(route(s.prefix(), s));
        }
        for (Route r : topology.routes()) {
            out.add(route(r.prefix(), topology.segment(r.segment()).orElseThrow()));
        }
        out.add(Flow.drop(ROUTE));
    }

    private static String route(Prefix prefix, Segment out) {
        return Flow.of(ROUTE, ROUTE_PRIORITY_BASE + prefix.length(), "ip,nw_dst=" + prefix,
                "dec_ttl,set_field:" + out.mac() + "->eth_src," + Flow.next(ADJACENCY));
    }

    /**
     * The static part of table 21 (hc ports) and the members whose MAC is known; clients' entries
     * (priority 90) are learned by table 1.
     */
    static void table21(Topology topology, Map<Ipv4, Mac> neighbours, List<String> out) {
        for (Segment s : topology.segments()) {
            for (HcPort h : s.hc()) {
                out.add(adjacency(h.address(), h.mac(), h.ofport()));
            }
        }
        Map<Ipv4, Mac> sorted = neighbours.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new));
        for (Map.Entry<Ipv4, Mac> n : sorted.entrySet()) {
            Port port = topology.portOf(n.getKey()).orElseThrow(() -> new IllegalArgumentException(
                    "neighbour: " + n.getKey() + " (expected: the address of a segment's host port)"));
            out.add(adjacency(n.getKey(), n.getValue(), port.ofport()));
        }
        out.add(Flow.drop(ADJACENCY));
    }

    /** One adjacency flow of table 21, as the daemon also writes it when a member's MAC changes. */
    static String adjacency(Ipv4 address, Mac mac, int ofport) {
        return Flow.of(ADJACENCY, MEMBER_ADJACENCY_PRIORITY, "ip,nw_dst=" + address,
                "set_field:" + mac + "->eth_dst,output:" + ofport);
    }

    static void table24and25(Topology topology, List<String> out) {
        out.add(Flow.of(SWITCH_UNDNAT, 100, "ip", "ct(zone=" + CT_ZONE + ",nat,table=" + SWITCH + ")"));
        out.add(Flow.of(SWITCH_UNDNAT, 0, "", Flow.next(SWITCH)));
        for (Segment s : topology.segments()) {
            if (s.kind() != SegmentKind.PRIVATE) {
                continue;
            }
            // Learned FDB entries (priority 100) take known unicast; the rest reaches every port of the segment.
            String flood = s.allPorts().stream().map(p -> "output:" + p.ofport()).collect(Collectors.joining(","));
            String seg = SEGMENT_REG + "=" + s.id();
            out.add(Flow.of(SWITCH, 50, seg + ",dl_dst=01:00:00:00:00:00/01:00:00:00:00:00", flood));
            out.add(Flow.of(SWITCH, 10, seg, flood));
        }
        out.add(Flow.drop(SWITCH));
    }
}
