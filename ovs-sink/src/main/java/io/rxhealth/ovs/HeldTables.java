package io.rxhealth.ovs;

import io.rxhealth.ovs.flow.BundleSlotWriter;
import io.rxhealth.ovs.flow.PoolReadback;
import io.rxhealth.ovs.flow.Table11Snapshot;
import io.rxhealth.ovs.openflow.OpenFlowException;
import io.rxhealth.ovs.pool.PoolController;
import io.rxhealth.ovs.slots.PoolSpec;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * At the start of a fleet node without a topology: table 11 as the switch holds it becomes the
 * controller's belief, so the first apply writes only the slots that differ from it. A restarted
 * node installs the database's table, the one the switch still holds from before the restart:
 * zero flow mods. A pool whose flows the read finds damaged (foreign flows, wrong cookies, the
 * fail-close flow missing) is left unknown and replaced in full, as before.
 */
final class HeldTables {
    private static final Logger log = LoggerFactory.getLogger(HeldTables.class);

    private HeldTables() {
    }

    static void adopt(PoolController controller, List<PoolSpec> pools, BundleSlotWriter table11) {
        Table11Snapshot held;
        try {
            held = table11.read();
        } catch (OpenFlowException e) {
            log.info("table 11 cannot be read at start ({}); the first apply replaces every pool's table", e.getMessage());
            return;
        }
        if (held.failClose().isEmpty()) {
            log.info("table 11 has no fail-close flow at start; the first apply replaces every pool's table");
            return;
        }
        for (PoolSpec spec : pools) {
            PoolReadback pool = held.pool(spec.id(), spec.slots());
            if (pool.problems().isEmpty()) {
                controller.adoptHeld(spec.id(), pool.table());
            } else {
                log.info("pool {}: table 11 at start is not a table this daemon wrote ({}); the first apply replaces it",
                        spec.name(), pool.problems().get(0));
            }
        }
    }
}
