package io.rxhealth.ovs.pool;

import io.micrometer.core.instrument.Counter;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.weighting.maglev.SlotTable;
import io.rxhealth.weighting.panic.PanicDecision;
import io.rxhealth.weighting.panic.PanicThreshold;
import java.time.Instant;
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
    /** Applies that succeeded; a read-back that an apply overtook sees it changed and is discarded. */
    long appliesDone;
    /** The panic decision of the last layout, {@code null} before the first; volatile: the gauges read it unlocked. */
    volatile PanicDecision panic;

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
    }
}
