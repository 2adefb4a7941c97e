package io.rxhealth.ovs.pool;

import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.List;

/**
 * Where a pool's next table comes from. Alone, a node lays it out from its own members' weights
 * ({@link #LOCAL}); in a fleet, it installs the table the fleet's database holds.
 */
public interface PoolTables {
    /** A node alone: the pure layout of its own view of the members. */
    PoolTables LOCAL = (spec, members) -> Maglev.layout(String.valueOf(spec.id()), members, spec.slots());

    /** The table to install for {@code spec}; {@code members} is this node's own view, every configured member listed. */
    SlotTable next(PoolSpec spec, List<Member> members);

    /** Called after {@code table} was installed for {@code spec}. */
    default void installed(PoolSpec spec, SlotTable table) {
    }
}
