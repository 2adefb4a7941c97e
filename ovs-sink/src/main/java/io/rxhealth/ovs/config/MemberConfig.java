package io.rxhealth.ovs.config;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * One configured pool member.
 *
 * @param address   IPv4 literal of the member
 * @param port      service port (the DNAT target)
 * @param weight    configured weight 0..256 (default 100); agent percentages scale it
 * @param agentPort port of the member's agent-check server, empty when {@code agent: false}
 * @param agentSend text sent right after connecting to the agent (HAProxy's {@code agent-send}),
 *                  empty for none
 * @param probe     the liveness probe
 * @param source    local address (IPv4 literal) or interface name that probes and agent polls
 *                  bind to: the node's hc address in the member's segment; empty = any
 */
public record MemberConfig(String address, int port, int weight, OptionalInt agentPort, String agentSend,
                           ProbeConfig probe, Optional<String> source) {
    public MemberConfig {
        requireNonNull(address, "address");
        requireNonNull(agentPort, "agentPort");
        requireNonNull(agentSend, "agentSend");
        requireNonNull(probe, "probe");
        requireNonNull(source, "source");
    }

    /** The member key: {@code address:port}. */
    public String key() {
        return address + ":" + port;
    }
}
