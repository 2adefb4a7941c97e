package io.rxhealth.ovs.pool;

import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.SlotTable;
import io.rxhealth.weighting.panic.PanicDecision;

/**
 * Where a pool's next table comes from. Alone, a node lays it out from its own members' weights
 * ({@link #LOCAL}); in a fleet, it installs the table the fleet's database holds, with the weights
 * the fleet computed it from. Called under the controller's lock: an implementation must not wait
 * for I/O.
 */
public interface PoolTables {
    /** A node alone: the pure layout of its own view of the members. */
    PoolTables LOCAL = (spec, own) -> new PoolLayout(
            Maglev.layout(String.valueOf(spec.id()), PoolLayout.members(spec, own), spec.slots()), own);

    /**
     * The table to install for {@code spec}, and the decision it was laid out from.
     *
     * @param own this node's own decision over the pool's members: their weights in the spec's order
     */
    PoolLayout next(PoolSpec spec, PanicDecision own);

    /** Called after {@code table} was installed for {@code spec}. */
    default void installed(PoolSpec spec, SlotTable table) {
    }

    /**
     * True when others decide the weights too (a fleet's quorum): the reports then show the weights of
     * the last layout, which the installed table was computed from, rather than this node's own.
     */
    default boolean shared() {
        return false;
    }
}
