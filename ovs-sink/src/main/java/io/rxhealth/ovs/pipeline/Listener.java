package io.rxhealth.ovs.pipeline;

import static java.util.Objects.requireNonNull;

/** A TCP listener: connections to {@code vip:port} are spread over {@code pool}'s slot table. */
public record Listener(Ipv4 vip, int port, int pool) {
    public Listener {
        requireNonNull(vip, "vip");
        if (port < 1 || port > 0xffff) {
            throw new IllegalArgumentException("listener port: " + port + " (expected: 1..65535)");
        }
    }
}
