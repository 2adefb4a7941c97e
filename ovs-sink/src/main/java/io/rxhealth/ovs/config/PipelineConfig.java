package io.rxhealth.ovs.config;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.pipeline.Topology;
import java.nio.file.Path;

/**
 * The pipeline the daemon owns: the topology file it was read from and the topology, whose pools
 * match the configured pools one to one (same ids, slots, members and listener).
 */
public record PipelineConfig(Path file, Topology topology) {
    public PipelineConfig {
        requireNonNull(file, "file");
        requireNonNull(topology, "topology");
    }
}
