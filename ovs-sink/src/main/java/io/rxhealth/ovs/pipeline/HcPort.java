package io.rxhealth.ovs.pipeline;

import static java.util.Objects.requireNonNull;

/**
 * The LB node's own interface in a private segment ({@code hcif-*}): liveness probes leave from
 * its address, and the node's kernel resolves members' MACs through it. Its MAC is the node's,
 * so table 21 can deliver to it without learning.
 */
public record HcPort(String name, int ofport, Ipv4 address, Mac mac) {
    public HcPort {
        requireNonNull(name, "name");
        requireNonNull(address, "address");
        requireNonNull(mac, "mac");
        if (ofport < 1 || ofport > 0xfeff) {
            throw new IllegalArgumentException("ofport of " + name + ": " + ofport + " (expected: 1..65279)");
        }
    }

    Port asPort() {
        return new Port(name, ofport, address);
    }
}
