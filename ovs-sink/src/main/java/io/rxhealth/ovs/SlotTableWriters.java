package io.rxhealth.ovs;

import io.rxhealth.ovs.config.LbConfig;
import java.util.List;
import java.util.ServiceLoader;

/** Chooses the writer {@code run} uses: the dry-run logger, or the one data-plane writer on the classpath. */
public final class SlotTableWriters {
    private SlotTableWriters() {
    }

    public static SlotTableWriter forConfig(LbConfig config, boolean dryRun) {
        if (dryRun) {
            return new DryRunWriter();
        }
        List<SlotTableWriterFactory> factories = ServiceLoader.load(SlotTableWriterFactory.class).stream()
                .map(ServiceLoader.Provider::get).toList();
        if (factories.size() != 1) {
            throw new IllegalStateException("slot-table writers on the classpath: " + factories.size()
                    + " (expected: exactly one; or run with --dry-run to write nothing)");
        }
        return factories.get(0).create(config);
    }
}
