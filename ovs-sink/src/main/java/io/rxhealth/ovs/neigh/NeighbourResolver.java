package io.rxhealth.ovs.neigh;

import io.rxhealth.ovs.pipeline.Ipv4;
import io.rxhealth.ovs.pipeline.Mac;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Turns the kernel's neighbour tables into each member's MAC. A member whose entry is unusable
 * (FAILED, INCOMPLETE, aged out, table unreadable) keeps its last known MAC: dropping its flow
 * would blackhole the member while the kernel re-resolves, and the liveness probes from the hc
 * address make the kernel resolve it again anyway. Pure.
 */
public final class NeighbourResolver {
    /** Device of a member whose segment has no hc interface: nothing can resolve it. */
    public static final String NO_DEVICE = "-";

    private NeighbourResolver() {
    }

    /**
     * @param devices  member address to the hc interface of its segment ({@link #NO_DEVICE} for none)
     * @param previous what was known before (empty at start)
     * @param tables   entries per interface; an interface missing here could not be read
     */
    public static Map<Ipv4, MemberNeighbour> resolve(Map<Ipv4, String> devices, Map<Ipv4, MemberNeighbour> previous,
                                                     Map<String, List<NeighbourEntry>> tables, Instant now) {
        Map<Ipv4, MemberNeighbour> next = new LinkedHashMap<>();
        for (Map.Entry<Ipv4, String> d : devices.entrySet()) {
            Ipv4 member = d.getKey();
            String dev = d.getValue();
            MemberNeighbour before = previous.get(member);
            Mac known = before == null ? null : before.mac();
            List<NeighbourEntry> table = tables.get(dev);
            NeighbourEntry entry = table == null ? null
                    : table.stream().filter(e -> e.address().equals(member)).findFirst().orElse(null);
            String state = dev.equals(NO_DEVICE) ? "NO_HC_PORT" : table == null ? "UNREAD"
                    : entry == null ? "ABSENT" : entry.state();
            if (entry != null && entry.resolved()) {
                Instant since = Objects.equals(known, entry.mac()) ? before.since() : now;
                next.put(member, new MemberNeighbour(member, dev, entry.mac(), state, Origin.KERNEL, since));
            } else if (known != null) {
                next.put(member, new MemberNeighbour(member, dev, known, state, Origin.LAST_KNOWN, before.since()));
            } else {
                next.put(member, new MemberNeighbour(member, dev, null, state, Origin.UNRESOLVED, null));
            }
        }
        return next;
    }

    /** The MACs table 21 should hold: every member that has one. */
    public static Map<Ipv4, Mac> macs(Map<Ipv4, MemberNeighbour> view) {
        Map<Ipv4, Mac> macs = new LinkedHashMap<>();
        view.forEach((ip, n) -> {
            if (n.mac() != null) {
                macs.put(ip, n.mac());
            }
        });
        return macs;
    }
}
