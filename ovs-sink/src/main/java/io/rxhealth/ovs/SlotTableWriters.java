package io.rxhealth.ovs;

import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.ovs.flow.BundleSlotWriter;
import io.rxhealth.ovs.flow.MoveStyle;
import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.ovs.slots.DryRunSlotWriter;
import io.rxhealth.ovs.slots.SlotTableWriter;
import io.rxhealth.weighting.Ticker;

/** Chooses the writer {@code run} uses: the dry-run logger, or Open vSwitch at the config's target. */
public final class SlotTableWriters {
    private SlotTableWriters() {
    }

    /** {@code ticker} times the bundles Open vSwitch applies. */
    public static SlotTableWriter forConfig(LbConfig config, boolean dryRun, Ticker ticker) {
        if (dryRun) {
            return new DryRunSlotWriter();
        }
        return new BundleSlotWriter(new OfctlSwitch(config.openflow(), CommandRunner.processes()), MoveStyle.REPLACE,
                ticker);
    }
}
