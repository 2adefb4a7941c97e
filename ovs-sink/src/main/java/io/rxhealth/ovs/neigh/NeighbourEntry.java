package io.rxhealth.ovs.neigh;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.pipeline.Ipv4;
import io.rxhealth.ovs.pipeline.Mac;
import java.util.List;
import java.util.Set;

/**
 * One IPv4 entry of the kernel's neighbour table on one interface, as {@code ip -json neigh}
 * prints it. {@code mac} is null when the entry has no link-layer address (INCOMPLETE, FAILED).
 */
public record NeighbourEntry(String dev, Ipv4 address, Mac mac, List<String> states) {
    /** States whose address the kernel itself no longer trusts (or never resolved). */
    private static final Set<String> UNRESOLVED = Set.of("INCOMPLETE", "FAILED");

    public NeighbourEntry {
        requireNonNull(dev, "dev");
        requireNonNull(address, "address");
        states = List.copyOf(states);
    }

    /** The kernel's states joined, e.g. {@code REACHABLE} or {@code STALE}; {@code NONE} when it printed none. */
    public String state() {
        return states.isEmpty() ? "NONE" : String.join(",", states);
    }

    /** True when the entry names a MAC the kernel would send to: present, and not INCOMPLETE or FAILED. */
    public boolean resolved() {
        return mac != null && mac.unicast() && states.stream().noneMatch(UNRESOLVED::contains);
    }
}
