package io.rxhealth.ovs.health;

import static java.util.Objects.requireNonNull;

import java.net.InetSocketAddress;

/**
 * One agent to poll.
 *
 * @param key     the member key ({@code address:port} of the service, not of the agent)
 * @param agent   the agent's address and port
 * @param source  the local address to connect from
 * @param send    bytes to send right after connecting (HAProxy's agent-send), empty for none
 */
public record AgentTarget(String key, InetSocketAddress agent, SourceAddress source, String send) {
    public AgentTarget {
        requireNonNull(key, "key");
        requireNonNull(agent, "agent");
        requireNonNull(source, "source");
        requireNonNull(send, "send");
    }
}
