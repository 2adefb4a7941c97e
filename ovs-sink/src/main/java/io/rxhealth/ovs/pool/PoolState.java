package io.rxhealth.ovs.pool;

import io.micrometer.core.instrument.Counter;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.weighting.maglev.SlotTable;
import io.rxhealth.weighting.panic.PanicDecision;
import io.rxhealth.weighting.panic.PanicThreshold;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** What the controller believes about one pool's data plane. Guarded by the controller's lock. */
final class PoolState {
    final PoolSpec spec;
    final PanicThreshold panicThreshold;
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
    /** The panic decision of the last layout, {@code null} before the first; volatile: the gauges read it unlocked. */
    volatile PanicDecision panic;
    /** Keys of the members with a positive weight and no slot in the last layout; volatile: a gauge reads it unlocked. */
    volatile List<String> zeroSlots = List.of();

    PoolState(PoolSpec spec, PanicThreshold panicThreshold, LbMetrics metrics) {
        this.spec = spec;
        this.panicThreshold = panicThreshold;
        this.applied = metrics.applies(spec.name(), "ok");
        this.failed = metrics.applies(spec.name(), "failed");
        this.failClose = metrics.failClose(spec.name());
        this.drifts = metrics.drifts(spec.name());
        metrics.panic(spec.name(), () -> {
            PanicDecision d = panic;
            return d != null && d.panic() ? 1 : 0;
        }, () -> {
            PanicDecision d = panic;
            return d == null ? Double.NaN : d.healthyShare().orElse(Double.NaN);
        });
        metrics.gauge("rxh_lbd_pool_zero_slot_members", "Members with a positive weight that hold no slot of the"
                + " last layout (their share is below one slot)", Map.of("pool", spec.name()), () -> zeroSlots.size());
    }
}
