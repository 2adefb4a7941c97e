package io.rxhealth.ovs.pipeline;

import static java.util.Objects.requireNonNull;

/**
 * A prefix reachable on-link out of {@code segment} besides the segment's own (connected) prefix.
 * Its hosts' adjacencies are learned like clients'.
 */
public record Route(Prefix prefix, String segment) {
    public Route {
        requireNonNull(prefix, "prefix");
        requireNonNull(segment, "segment");
    }
}
