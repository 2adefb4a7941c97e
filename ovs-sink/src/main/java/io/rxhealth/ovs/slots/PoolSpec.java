package io.rxhealth.ovs.slots;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/**
 * A configured pool as a slot-table writer sees it: what it needs to render table 11 for this
 * pool and to name its flows. Immutable.
 *
 * @param id              pool id: the {@code multipath} basis and the Maglev seed, 1..65535
 * @param name            operator name, for logs and reports
 * @param listenerAddress VIP of the listener (IPv4 literal)
 * @param listenerPort    TCP port of the listener
 * @param slots           slot table size (a power of two or a prime), the multipath {@code n_links}
 * @param members         every configured member, sorted by key, ids 1..n in that order
 */
public record PoolSpec(int id, String name, String listenerAddress, int listenerPort, int slots,
                       List<MemberSpec> members) {
    public PoolSpec {
        requireNonNull(name, "name");
        requireNonNull(listenerAddress, "listenerAddress");
        members = List.copyOf(members);
    }

    /** The configured member with this {@code address:port} key. */
    public Optional<MemberSpec> member(String key) {
        return members.stream().filter(m -> m.key().equals(key)).findFirst();
    }
}
