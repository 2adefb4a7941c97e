package io.rxhealth.ovs.fleet;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.maglev.SlotTable;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * One pool's slot table as the fleet's database holds it: the table, its version (raised by one on
 * every commit), the effective weights it was computed from, the pool's panic state then, and who
 * computed it when.
 *
 * @param inputs        layout weight per member key (after panic), every configured member listed
 * @param panic         the pool was in panic when the table was computed: probe-up members at their
 *                      configured weight
 * @param healthyWeight the probe-up members' effective weight then
 * @param countedWeight the configured weight of the members no operator took out then
 */
public record InstalledTable(String pool, long version, SlotTable table, Map<String, Integer> inputs,
                             boolean panic, long healthyWeight, long countedWeight, String computedBy,
                             long computedAtMillis) {
    public InstalledTable {
        requireNonNull(pool, "pool");
        requireNonNull(table, "table");
        requireNonNull(computedBy, "computedBy");
        inputs = Map.copyOf(inputs);
        if (version < 1) {
            throw new IllegalArgumentException("version: " + version + " (expected: >= 1)");
        }
        if (healthyWeight < 0 || countedWeight < 0) {
            throw new IllegalArgumentException("healthy/counted weight: " + healthyWeight + "/" + countedWeight
                    + " (expected: >= 0)");
        }
    }

    /** {@code healthyWeight / countedWeight}; empty when no weight counted. */
    public OptionalDouble healthyShare() {
        return countedWeight == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) healthyWeight / countedWeight);
    }
}
