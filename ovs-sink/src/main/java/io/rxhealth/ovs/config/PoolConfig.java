package io.rxhealth.ovs.config;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.slots.MemberSpec;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.weighting.panic.PanicThreshold;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One configured pool.
 *
 * @param id              1..65535: the multipath basis and the Maglev seed
 * @param name            operator name, unique
 * @param listenerAddress VIP (IPv4 literal)
 * @param listenerPort    TCP port of the listener
 * @param slots           slot table size, a power of two or a prime (default 1024)
 * @param panicThreshold  below this share of healthy weight every probe-up member gets its configured
 *                        weight (default 50%; 0% disables it); in a fleet it is the pool's, in the database
 * @param members         members in configuration order, keys unique
 */
public record PoolConfig(int id, String name, String listenerAddress, int listenerPort, int slots,
                         PanicThreshold panicThreshold, List<MemberConfig> members) {
    public PoolConfig {
        requireNonNull(name, "name");
        requireNonNull(listenerAddress, "listenerAddress");
        requireNonNull(panicThreshold, "panicThreshold");
        members = List.copyOf(members);
    }

    /** The writer's view of this pool: members sorted by key, numbered from 1 in that order. */
    public PoolSpec spec() {
        List<MemberConfig> sorted = new ArrayList<>(members);
        sorted.sort(Comparator.comparing(MemberConfig::key));
        List<MemberSpec> specs = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            MemberConfig m = sorted.get(i);
            specs.add(new MemberSpec(m.key(), i + 1, m.address(), m.port(), m.weight()));
        }
        return new PoolSpec(id, name, listenerAddress, listenerPort, slots, specs);
    }
}
