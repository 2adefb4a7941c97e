package io.rxhealth.ovs.pipeline;

import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** What one pipeline apply wrote: flow mods in the bundle, the ovs-ofctl call's duration, each pool's layout digest (by pool number). */
public record PipelineApplied(int flowMods, Duration duration, Map<Integer, String> digests) {
    public PipelineApplied {
        digests = Collections.unmodifiableMap(new TreeMap<>(digests));
    }
}
