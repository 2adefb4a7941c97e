package io.rxhealth.ovs.pipeline;

import static java.util.Objects.requireNonNull;

/**
 * A bridge port of a segment: OVS port name, OpenFlow port number and, for a host port, the
 * host's address (a pool member's port must name it: table 21 outputs to it). {@code address}
 * is null for a port that leads to more than one host (an uplink, the public LAN).
 */
public record Port(String name, int ofport, Ipv4 address) {
    public Port {
        requireNonNull(name, "name");
        if (ofport < 1 || ofport > 0xfeff) {
            throw new IllegalArgumentException("ofport of " + name + ": " + ofport + " (expected: 1..65279)");
        }
    }
}
