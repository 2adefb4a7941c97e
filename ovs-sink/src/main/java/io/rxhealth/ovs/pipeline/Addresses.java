package io.rxhealth.ovs.pipeline;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Which of the node's addresses each segment sees: what the responders answer and the listeners take. */
final class Addresses {
    private Addresses() {
    }

    /** VIPs of enabled listeners inside {@code s}. */
    static List<Ipv4> ownVips(Topology topology, Segment s) {
        Set<Ipv4> vips = new LinkedHashSet<>();
        for (Listener l : topology.enabledListeners()) {
            if (topology.segmentOf(l) == s) {
                vips.add(l.vip());
            }
        }
        return new ArrayList<>(vips);
    }

    /** VIPs a client of {@code s} may use: its segment's own and every public listener's. */
    static List<Ipv4> reachableVips(Topology topology, Segment s) {
        Set<Ipv4> vips = new LinkedHashSet<>(ownVips(topology, s));
        for (Listener l : topology.enabledListeners()) {
            if (topology.segmentOf(l).kind() == SegmentKind.PUBLIC) {
                vips.add(l.vip());
            }
        }
        return new ArrayList<>(vips);
    }

    /** Addresses the ICMP echo responder answers in {@code s}: the node's address and the segment's VIPs. */
    static List<Ipv4> echo(Topology topology, Segment s) {
        List<Ipv4> addresses = new ArrayList<>();
        addresses.add(s.address());
        addresses.addAll(ownVips(topology, s));
        return addresses;
    }

    /** Addresses the ARP responder answers in {@code s}: the echo addresses and the hc ports'. */
    static List<Ipv4> arp(Topology topology, Segment s) {
        List<Ipv4> addresses = echo(topology, s);
        s.hc().forEach(h -> addresses.add(h.address()));
        return addresses;
    }
}
