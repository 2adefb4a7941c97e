package io.rxhealth.ovs.pool;

import io.rxhealth.weighting.panic.PanicDecision;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a pool's last panic decision and logs entering and leaving panic: once per transition,
 * however often the layout is computed. Called under the controller's lock.
 */
final class PanicTransitions {
    // The controller's logger: an operator filters on it for everything a pool's layout does.
    private static final Logger log = LoggerFactory.getLogger(PoolController.class);

    private PanicTransitions() {
    }

    static void record(PoolState pool, PoolWeights weights) {
        PanicDecision now = weights.panic();
        PanicDecision before = pool.panic;
        pool.panic = now;
        boolean was = before != null && before.panic();
        if (now.panic() == was) {
            return;
        }
        String share = now.healthyShare().isPresent()
                ? String.format(Locale.ROOT, "%.1f%%", now.healthyShare().getAsDouble() * 100) : "none";
        if (now.panic()) {
            // The members the decision spreads over: probe-up ones with a configured weight. In a fleet
            // that is the quorum's count, which may differ from what this node's own probes see.
            long up = now.weights().stream().filter(w -> w > 0).count();
            log.warn("pool {}: PANIC: healthy weight {} of {} ({}) is below the panic threshold {}: {}", pool.spec.name(),
                    now.healthyWeight(), now.countedWeight(), share, pool.panicThreshold,
                    up == 0 ? "no member is probe-up, the table stays empty"
                            : "every probe-up member (" + up + ") gets its configured weight, probe-down members stay out");
        } else {
            log.info("pool {}: panic over: healthy weight {} of {} ({}) is at or above the panic threshold {}; members"
                    + " get their effective weights again", pool.spec.name(), now.healthyWeight(), now.countedWeight(),
                    share, pool.panicThreshold);
        }
    }
}
