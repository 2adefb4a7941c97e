package io.rxhealth.ovs.pipeline;

import io.rxhealth.weighting.maglev.Maglev;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** The cross-reference rules of {@link Topology}; each violation is one line naming the value. */
final class TopologyCheck {
    private static final int MAX_SLOTS = 65536;

    private TopologyCheck() {
    }

    /** Throws at the first violation, the segments' rules first, then the pools', the listeners', the routes'. */
    static void check(List<Segment> segments, List<Pool> pools, List<Listener> listeners, List<Route> routes) {
        Map<Ipv4, String> owned = segments(segments);
        Set<Integer> poolIds = pools(pools, segments);
        listeners(listeners, segments, owned, poolIds);
        routes(routes, segments);
    }

    /** Segments: unique names, ids and ports, prefixes apart, each well formed. Returns who owns each address. */
    private static Map<Ipv4, String> segments(List<Segment> segments) {
        if (segments.isEmpty()) {
            throw new IllegalArgumentException("segments: none (expected: at least one)");
        }
        Set<String> names = new HashSet<>();
        Set<Integer> ids = new HashSet<>();
        Set<String> portNames = new HashSet<>();
        Set<Integer> ofports = new HashSet<>();
        Map<Ipv4, String> owned = new HashMap<>();
        for (int i = 0; i < segments.size(); i++) {
            Segment s = segments.get(i);
            unique(names, s.name(), "segment name");
            unique(ids, s.id(), "segment id");
            segment(s, segments.subList(0, i));
            own(owned, s.address(), "address of " + s.name(), s);
            for (Port p : s.allPorts()) {
                unique(portNames, p.name(), "port name");
                unique(ofports, p.ofport(), "ofport of " + p.name());
                if (p.address() != null) {
                    own(owned, p.address(), "address of port " + p.name(), s);
                }
            }
        }
        return owned;
    }

    /** One segment's own rules; {@code before} are the segments listed ahead of it. */
    private static void segment(Segment s, List<Segment> before) {
        if (s.id() < 1 || s.id() > 0xffff) {
            throw new IllegalArgumentException("segment id of " + s.name() + ": " + s.id() + " (expected: 1..65535)");
        }
        for (Segment other : before) {
            if (other.prefix().overlaps(s.prefix())) {
                throw new IllegalArgumentException("prefix of " + s.name() + ": " + s.prefix()
                        + " (expected: not overlapping " + other.name() + "'s " + other.prefix() + ")");
            }
        }
        if (!s.mac().unicast()) {
            throw new IllegalArgumentException("mac of " + s.name() + ": " + s.mac() + " (expected: a unicast MAC)");
        }
        if (s.kind() == SegmentKind.PUBLIC && (s.privateListeners() || !s.hc().isEmpty())) {
            throw new IllegalArgumentException("segment " + s.name()
                    + ": public with private-listeners or hc ports (expected: those only in a private segment)");
        }
        if (s.allPorts().isEmpty()) {
            throw new IllegalArgumentException("ports of " + s.name() + ": none (expected: at least one)");
        }
    }

    /** Pools: unique ids in range, a slot count multipath and Maglev take, members on host ports. Returns the ids. */
    private static Set<Integer> pools(List<Pool> pools, List<Segment> segments) {
        Set<Integer> poolIds = new HashSet<>();
        for (Pool pool : pools) {
            unique(poolIds, pool.id(), "pool id");
            if (pool.id() < 1 || pool.id() > 0xffff) {
                throw new IllegalArgumentException("pool id: " + pool.id() + " (expected: 1..65535)");
            }
            slots(pool);
            members(pool, segments);
        }
        return poolIds;
    }

    private static void slots(Pool pool) {
        if (pool.slots() > MAX_SLOTS) {
            throw new IllegalArgumentException("slots of pool " + pool.id() + ": " + pool.slots()
                    + " (expected: at most " + MAX_SLOTS + ", multipath's n_links)");
        }
        try {
            Maglev.validateSlots(pool.slots());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("slots of pool " + pool.id() + ": " + pool.slots()
                    + " (expected: a power of two or a prime, 2.." + MAX_SLOTS + ")", e);
        }
    }

    private static void members(Pool pool, List<Segment> segments) {
        Set<Endpoint> members = new HashSet<>();
        for (Endpoint m : pool.members()) {
            unique(members, m, "member of pool " + pool.id());
            boolean hostPort = segments.stream().flatMap(s -> s.ports().stream()).anyMatch(p -> m.address().equals(p.address()));
            if (!hostPort) {
                throw new IllegalArgumentException("member of pool " + pool.id() + ": " + m.key()
                        + " (expected: the address of a segment's host port, which table 21 outputs to)");
            }
        }
    }

    /** Listeners: unique, a VIP of its own inside a segment, a configured pool. Claims each VIP in {@code owned}. */
    private static void listeners(List<Listener> listeners, List<Segment> segments, Map<Ipv4, String> owned,
                                  Set<Integer> poolIds) {
        Set<String> endpoints = new HashSet<>();
        for (Listener l : listeners) {
            String what = "listener " + l.vip() + ":" + l.port();
            unique(endpoints, l.vip() + ":" + l.port(), "listener");
            Segment s = segments.stream().filter(x -> x.prefix().contains(l.vip())).findFirst().orElseThrow(() ->
                    new IllegalArgumentException(what + ": VIP outside every segment (expected: inside one segment's prefix)"));
            String holder = owned.get(l.vip());
            if (holder != null && !holder.startsWith("VIP")) {
                throw new IllegalArgumentException(what + ": VIP is the " + holder + " (expected: an address of its own)");
            }
            owned.put(l.vip(), "VIP");
            if (!poolIds.contains(l.pool())) {
                throw new IllegalArgumentException(what + ": pool " + l.pool() + " (expected: one of the pools " + poolIds + ")");
            }
            if (l.vip().equals(s.prefix().network())) {
                throw new IllegalArgumentException(what + ": VIP is the network address of " + s.name() + " (expected: a host address)");
            }
        }
    }

    /** Routes: to a named segment, for a prefix no segment covers. */
    private static void routes(List<Route> routes, List<Segment> segments) {
        Set<String> names = segments.stream().map(Segment::name).collect(Collectors.toCollection(LinkedHashSet::new));
        for (Route r : routes) {
            if (!names.contains(r.segment())) {
                throw new IllegalArgumentException("route " + r.prefix() + ": segment '" + r.segment()
                        + "' (expected: one of " + names + ")");
            }
            for (Segment s : segments) {
                if (s.prefix().overlaps(r.prefix()) && s.prefix().length() <= r.prefix().length()) {
                    throw new IllegalArgumentException("route " + r.prefix() + ": inside " + s.name() + "'s "
                            + s.prefix() + " (expected: a prefix the segments do not cover)");
                }
            }
        }
    }

    private static <T> void unique(Set<T> seen, T value, String what) {
        if (!seen.add(value)) {
            throw new IllegalArgumentException(what + ": " + value + " (expected: unique, given twice)");
        }
    }

    private static void own(Map<Ipv4, String> owned, Ipv4 address, String what, Segment s) {
        if (!s.prefix().contains(address)) {
            throw new IllegalArgumentException(what + ": " + address + " (expected: inside " + s.prefix() + ")");
        }
        if (address.equals(s.prefix().network())) {
            throw new IllegalArgumentException(what + ": " + address + " (expected: a host address, not the network)");
        }
        String before = owned.putIfAbsent(address, what);
        if (before != null) {
            throw new IllegalArgumentException(what + ": " + address + " (expected: unique, already the " + before + ")");
        }
    }
}
