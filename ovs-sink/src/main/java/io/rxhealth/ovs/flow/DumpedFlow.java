package io.rxhealth.ovs.flow;

import java.util.Map;

/**
 * One line of {@code ovs-ofctl dump-flows}, split into the parts table 11 cares about.
 * {@code match} holds every match field (and any timeout, which a slot flow must not have);
 * flow flags such as {@code reset_counts} are dropped.
 */
record DumpedFlow(long cookie, int table, int priority, Map<String, String> match, String actions,
                  FlowCounters counters, String line) {
    DumpedFlow {
        match = Map.copyOf(match);
    }
}
