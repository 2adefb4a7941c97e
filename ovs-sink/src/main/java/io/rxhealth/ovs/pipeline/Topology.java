package io.rxhealth.ovs.pipeline;

import java.util.List;
import java.util.Optional;

/**
 * What the pipeline is rendered from: the LB node's segments and ports, the pools with every
 * member they may hold, the listeners and extra on-link routes. Consistent by construction:
 * the constructor rejects (with a one-line message) duplicate or overlapping names, numbers,
 * prefixes and addresses, and references to what does not exist. Read from YAML by
 * {@link TopologyFile}.
 */
public record Topology(List<Segment> segments, List<Pool> pools, List<Listener> listeners, List<Route> routes) {
    public Topology {
        segments = List.copyOf(segments);
        pools = List.copyOf(pools);
        listeners = List.copyOf(listeners);
        routes = List.copyOf(routes);
        TopologyCheck.check(segments, pools, listeners, routes);
    }

    /** The segment whose prefix holds {@code address}. */
    public Optional<Segment> segmentOf(Ipv4 address) {
        return segments.stream().filter(s -> s.prefix().contains(address)).findFirst();
    }

    public Optional<Segment> segment(String name) {
        return segments.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** The host port whose address is {@code address}. */
    public Optional<Port> portOf(Ipv4 address) {
        return segments.stream().flatMap(s -> s.ports().stream()).filter(p -> address.equals(p.address())).findFirst();
    }

    public Pool pool(int id) {
        return pools.stream().filter(p -> p.id() == id).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("pool: " + id + " (expected: one of the topology's pools)"));
    }

    /** The segment of a listener's VIP (validated to exist). */
    public Segment segmentOf(Listener listener) {
        return segmentOf(listener.vip()).orElseThrow();
    }

    /** Listeners whose segment enables them; the others are not rendered at all (no ARP, no ICMP, no flow). */
    public List<Listener> enabledListeners() {
        return listeners.stream().filter(l -> segmentOf(l).listenersEnabled()).toList();
    }

    /** Every pool member once, in pool order then member order. */
    public List<Endpoint> members() {
        return pools.stream().flatMap(p -> p.members().stream()).distinct().toList();
    }

    /** The same topology with {@code segment}'s private listeners switched on or off. */
    public Topology withPrivateListeners(String segment, boolean enabled) {
        Segment s = segment(segment).orElseThrow(() -> new IllegalArgumentException(
                "segment: '" + segment + "' (expected: one of the topology's segments)"));
        List<Segment> changed = segments.stream().map(x -> x != s ? x : new Segment(s.id(), s.name(), s.kind(),
                s.prefix(), s.mac(), s.address(), enabled, s.ports(), s.hc())).toList();
        return new Topology(changed, pools, listeners, routes);
    }
}
