package io.rxhealth.ovs.fleet;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.maglev.SlotTable;
import java.util.Map;

/**
 * One pool's slot table as the fleet's database holds it: the table, its version (raised by one on
 * every commit), the effective weights it was computed from and who computed it when.
 *
 * @param inputs effective weight per member key, every configured member listed
 */
public record InstalledTable(String pool, long version, SlotTable table, Map<String, Integer> inputs,
                             String computedBy, long computedAtMillis) {
    public InstalledTable {
        requireNonNull(pool, "pool");
        requireNonNull(table, "table");
        requireNonNull(computedBy, "computedBy");
        inputs = Map.copyOf(inputs);
        if (version < 1) {
            throw new IllegalArgumentException("version: " + version + " (expected: >= 1)");
        }
    }
}
