package io.rxhealth.ovs.pool;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import io.rxhealth.ovs.slots.MemberSpec;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.weighting.maglev.Maglev;
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
    final Timer applyDuration;
    private final LbMetrics metrics;
    /** Volatile, as the fields below it that gauges read unlocked; written under the controller's lock. */
    volatile SlotTable installed;
    /** Slots per member key in {@link #installed}, kept with it so that scrapes stay cheap. */
    Map<String, Integer> held = Map.of();
    volatile Instant lastApplyAt;
    int lastSlotsMoved;
    long applyFailures;
    String lastError;
    boolean forceNext;
    /** Applies that succeeded; a read-back that an apply overtook sees it changed and is discarded. */
    long appliesDone;
    /** An apply of this pool is with the writer now: what a read-back sees may be either table. */
    boolean applying;
    /** The panic decision of the last layout, {@code null} before the first; volatile: the gauges read it unlocked. */
    volatile PanicDecision panic;
    /** Keys of the members with a positive weight and no slot in the last layout; volatile: a gauge reads it unlocked. */
    volatile List<String> zeroSlots = List.of();
    /** The weight the last layout gave each member, in the spec's order; empty before the first. */
    volatile List<Integer> layoutWeights = List.of();

    PoolState(PoolSpec spec, PanicThreshold panicThreshold, LbMetrics metrics) {
        this.spec = spec;
        this.panicThreshold = panicThreshold;
        this.applied = metrics.applies(spec.name(), "ok");
        this.failed = metrics.applies(spec.name(), "failed");
        this.failClose = metrics.failClose(spec.name());
        this.drifts = metrics.drifts(spec.name());
        this.applyDuration = metrics.applyTimer(spec.name());
        this.metrics = metrics;
        metrics.panic(spec.name(), () -> {
            PanicDecision d = panic;
            return d != null && d.panic() ? 1 : 0;
        }, () -> {
            PanicDecision d = panic;
            return d == null ? Double.NaN : d.healthyShare().orElse(Double.NaN);
        });
        metrics.gauge("rxhealth_lbd_pool_zero_slot_members", "Members with a positive weight that hold no slot of the"
                + " last layout (their share is below one slot)", Map.of("pool", spec.name()), () -> zeroSlots.size());
        metrics.gauge("rxhealth_lbd_pool_members", "Members configured in the pool", Map.of("pool", spec.name()),
                () -> spec.members().size());
        metrics.gauge("rxhealth_lbd_pool_members_up", "Members the last layout gave a positive weight (panic included):"
                + " those that take new connections", Map.of("pool", spec.name()),
                () -> layoutWeights.stream().filter(w -> w > 0).count());
        metrics.gauge("rxhealth_lbd_pool_fail_close", "1 while the installed table is empty: every member is out and"
                + " traffic to the listener is dropped", Map.of("pool", spec.name()), () -> {
                    SlotTable t = installed;
                    return t != null && t.isEmpty() ? 1 : 0;
                });
        metrics.gauge("rxhealth_lbd_pool_last_apply_success_timestamp_seconds", "Unix time of the pool's last successful"
                + " slot table apply, 0 before the first", Map.of("pool", spec.name()), () -> {
                    Instant at = lastApplyAt;
                    return at == null ? 0 : at.toEpochMilli() / 1000.0;
                });
        for (int i = 0; i < spec.members().size(); i++) {
            int index = i;
            MemberSpec m = spec.members().get(i);
            metrics.gauge("rxhealth_lbd_member_effective_weight", "Weight the last layout gave the member (0 when out;"
                    + " its configured weight in panic)", Map.of("pool", spec.name(), "member", m.key()), () -> {
                        List<Integer> w = layoutWeights;
                        return w.isEmpty() ? 0 : w.get(index);
                    });
        }
    }

    /** Sets {@link #installed} and the pool's table info series. */
    void install(SlotTable table) {
        installed = table;
        metrics.tableInstalled(spec.name(), table.digest(), Maglev.LAYOUT_VERSION);
    }
}
