package io.rxhealth.ovs.pipeline;

import static io.rxhealth.ovs.pipeline.Tables.ADJACENCY;
import static io.rxhealth.ovs.pipeline.Tables.CT_ZONE;
import static io.rxhealth.ovs.pipeline.Tables.DNAT;
import static io.rxhealth.ovs.pipeline.Tables.LISTENER;
import static io.rxhealth.ovs.pipeline.Tables.ROUTE;
import static io.rxhealth.ovs.pipeline.Tables.SEGMENT_REG;
import static io.rxhealth.ovs.pipeline.Tables.SLOTS;

import io.rxhealth.ovs.flow.FlowRenderer;
import io.rxhealth.ovs.flow.Table11;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Tables 10 (listeners), 11 (its fail-close drop only: the slots are the daemon's) and 12 (DNAT). */
final class ListenerFlows {
    private ListenerFlows() {
    }

    static void table10(Topology topology, List<String> out) {
        for (Listener l : topology.enabledListeners()) {
            Segment s = topology.segmentOf(l);
            // A private listener serves its own segment only; a public one whoever reaches its VIP.
            String segment = s.kind() == SegmentKind.PRIVATE ? SEGMENT_REG + "=" + s.id() + "," : "";
            Pool pool = topology.pool(l.pool());
            out.add(Flow.of(LISTENER, 200, "tcp," + segment + "nw_dst=" + l.vip() + ",tp_dst=" + l.port(),
                    FlowRenderer.listenerActions(pool.id(), pool.slots())));
        }
        Set<Ipv4> own = new LinkedHashSet<>();
        topology.listeners().forEach(l -> own.add(l.vip()));
        topology.segments().forEach(s -> own.add(s.address()));
        for (Ipv4 a : own) {
            out.add(Flow.of(LISTENER, 150, "ip,nw_dst=" + a, "drop"));
        }
        // Anything else a client sent to the node's MAC is routed: a client talking to a backend directly.
        out.add(Flow.of(LISTENER, 0, "", Flow.next(ROUTE)));
    }

    static void table11(List<String> out) {
        out.add(Flow.of(SLOTS, Table11.FAIL_CLOSE_PRIORITY, "", "drop"));
    }

    static void table12(Topology topology, List<String> out) {
        for (Endpoint m : topology.members()) {
            String match = "reg2=" + m.address().hex() + ",reg4=" + String.format("0x%04x", m.port());
            String nat = "ct(commit,zone=" + CT_ZONE + ",nat(dst=" + m.key() + "),table=";
            Segment home = topology.segmentOf(m.address()).orElseThrow();
            if (home.kind() == SegmentKind.PRIVATE) {
                // Client and member are L2 neighbours: no routing, no TTL decrement, straight to adjacency.
                out.add(Flow.of(DNAT, 110, "ip," + SEGMENT_REG + "=" + home.id() + "," + match, nat + ADJACENCY + ")"));
            }
            out.add(Flow.of(DNAT, 100, "ip," + match, nat + ROUTE + ")"));
        }
        out.add(Flow.drop(DNAT));
    }
}
