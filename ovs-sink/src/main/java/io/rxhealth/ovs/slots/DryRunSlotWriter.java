package io.rxhealth.ovs.slots;

import io.rxhealth.weighting.maglev.SlotDiff;
import io.rxhealth.weighting.maglev.SlotTable;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The slot-table writer of {@code run --dry-run}: logs the slot changes it would make and touches
 * nothing, so an operator can watch the daemon's decisions on a node whose table 11 someone else
 * owns. Its flow mods are the slot flows it would send.
 */
public final class DryRunSlotWriter implements SlotTableWriter {
    private static final Logger log = LoggerFactory.getLogger(DryRunSlotWriter.class);

    @Override
    public ApplyResult apply(PoolSpec pool, SlotTable installed, SlotTable next, boolean force) {
        boolean full = installed == null || force;
        int changes = full ? next.size() : SlotDiff.between(installed, next).size();
        log.info("dry run: pool {} would get {} ({} slot flows, {})", pool.name(), next.digest(), changes,
                full ? "full replace" : "changed slots only");
        ApplyMode mode = full ? ApplyMode.FULL : changes == 0 ? ApplyMode.UNCHANGED : ApplyMode.INCREMENTAL;
        return new ApplyResult(pool.id(), mode, changes, changes, Duration.ZERO, next.digest());
    }
}
