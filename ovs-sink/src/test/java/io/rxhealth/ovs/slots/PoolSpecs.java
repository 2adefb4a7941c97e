package io.rxhealth.ovs.slots;

import java.util.List;

/** Pools for tests of writers that only need the pool's id (the multipath basis and the cookie's first 16 bits). */
public final class PoolSpecs {
    private PoolSpecs() {
    }

    /** Pool {@code id} of {@code slots} slots, no members listed: a writer that counts traffic counts none. */
    public static PoolSpec of(int id, int slots) {
        return new PoolSpec(id, "pool-" + id, "10.0.0.1", 80, slots, List.of());
    }
}
