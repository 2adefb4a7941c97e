package io.rxhealth.ovs.pool;

import io.micrometer.core.instrument.Counter;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.weighting.maglev.SlotTable;
import java.time.Instant;
import java.util.Map;
/** What the controller believes about one pool's data plane. Guarded by the controller's lock. */
final class PoolState {
    final PoolSpec spec;
    final Counter applied;
    final Counter failed;
    final Counter failClose;
    final Counter drifts;
    SlotTable installed;
    /** Slots per member key in {@link #installed}, kept with it so that scrapes stay cheap. */
    Map<String, Integer> held = Map.of();
    Instant lastApplyAt;
    int lastSlotsMoved;
    long applyFailures;
    String lastError;
    boolean forceNext;

    PoolState(PoolSpec spec, LbMetrics metrics) {
        this.spec = spec;
        this.applied = metrics.applies(spec.name(), "ok");
        this.failed = metrics.applies(spec.name(), "failed");
        this.failClose = metrics.failClose(spec.name());
        this.drifts = metrics.drifts(spec.name());
    }
}
