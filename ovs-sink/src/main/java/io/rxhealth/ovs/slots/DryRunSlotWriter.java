package io.rxhealth.ovs.slots;

import io.rxhealth.weighting.maglev.SlotDiff;
import io.rxhealth.weighting.maglev.SlotTable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A writer for {@code run --dry-run}: logs the slot changes it would make and touches nothing, so
 * an operator can watch the daemon's decisions on a node whose table 11 someone else owns.
 */
public final class DryRunSlotWriter implements SlotTableWriter {
    private static final Logger log = LoggerFactory.getLogger(DryRunSlotWriter.class);

    @Override
    public ApplyOutcome apply(PoolSpec pool, SlotTable installed, SlotTable next, boolean force) {
        boolean full = installed == null || force;
        int changes = full ? next.size() : SlotDiff.between(installed, next).size();
        log.info("dry run: pool {} would get {} ({} slot flows, {})", pool.name(), next.digest(), changes,
                full ? "full replace" : "changed slots only");
        return new ApplyOutcome(changes, full);
    }
}
