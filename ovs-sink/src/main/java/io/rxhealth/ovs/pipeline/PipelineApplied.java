package io.rxhealth.ovs.pipeline;

import java.time.Duration;
import java.util.Map;

/** What one pipeline apply wrote: flow mods in the bundle, the ovs-ofctl call's duration, each pool's layout digest. */
public record PipelineApplied(int flowMods, Duration duration, Map<Integer, String> digests) {
    public PipelineApplied {
        digests = Map.copyOf(digests);
    }
}
