package io.rxhealth.ovs.pipeline;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Renders the LB node's OpenFlow pipeline (tables 0 to 25, {@link Tables}) from a topology, in
 * {@code ovs-ofctl add-flow} syntax, one flow per line. Pure: the same input gives the same text.
 * Table 11 is rendered as its fail-close drop only (the slots are written from the pools' slot
 * tables); table 21 holds the hc ports and the members whose MAC {@code neighbours} knows.
 */
public final class PipelineRenderer {
    private PipelineRenderer() {
    }

    public static List<String> render(Topology topology, Map<Ipv4, Mac> neighbours) {
        requireNonNull(topology, "topology");
        requireNonNull(neighbours, "neighbours");
        List<String> flows = new ArrayList<>();
        IngressFlows.table0(topology, flows);
        IngressFlows.table1(topology, flows);
        ResponderFlows.table5(topology, flows);
        ResponderFlows.table6(flows);
        ListenerFlows.table10(topology, flows);
        ListenerFlows.table11(flows);
        ListenerFlows.table12(topology, flows);
        ForwardingFlows.table15and16(flows);
        ForwardingFlows.table20(topology, flows);
        ForwardingFlows.table21(topology, neighbours, flows);
        ForwardingFlows.table24and25(topology, flows);
        return List.copyOf(flows);
    }

    /** A member's table-21 flow, for point updates when its MAC changes (priority 100, as rendered here). */
    public static String adjacency(Topology topology, Ipv4 member, Mac mac) {
        Port port = topology.portOf(member).orElseThrow(() -> new IllegalArgumentException(
                "member: " + member + " (expected: the address of a segment's host port)"));
        return ForwardingFlows.adjacency(member, mac, port.ofport());
    }
}
