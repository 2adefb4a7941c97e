package io.rxhealth.ovs.pipeline;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;

/**
 * A network the LB node is attached to. {@code address} is the node's own address in it (the
 * gateway of a private segment), answered by the ARP and ICMP responders with {@code mac}; a
 * frame sent to {@code mac} is routed, any other frame of a private segment is switched.
 * {@code privateListeners} enables the listeners whose VIP lies in a private segment.
 */
public record Segment(int id, String name, SegmentKind kind, Prefix prefix, Mac mac, Ipv4 address,
                      boolean privateListeners, List<Port> ports, List<HcPort> hc) {
    public Segment {
        requireNonNull(name, "name");
        requireNonNull(kind, "kind");
        requireNonNull(prefix, "prefix");
        requireNonNull(mac, "mac");
        requireNonNull(address, "address");
        ports = List.copyOf(ports);
        hc = List.copyOf(hc);
    }

    /** Host and uplink ports, then the hc ports: every port a flood of this segment reaches. */
    public List<Port> allPorts() {
        List<Port> all = new ArrayList<>(ports);
        hc.forEach(h -> all.add(h.asPort()));
        return all;
    }

    /** True when listeners with a VIP in this segment are rendered. */
    public boolean listenersEnabled() {
        return kind == SegmentKind.PUBLIC || privateListeners;
    }
}
