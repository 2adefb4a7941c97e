package io.rxhealth.haproxy;

import static java.util.Objects.requireNonNull;

import java.net.InetSocketAddress;

/** Where the agent-check server listens: a socket it binds, or one handed over by systemd. */
public sealed interface Listen {
    /** The agent-check port HAProxy and the LB daemon are configured with. */
    int DEFAULT_PORT = 9505;

    /** Bind {@code address}; port 0 picks a free port (see {@link AgentCheckServer#localAddress}). */
    record Bind(InetSocketAddress address) implements Listen {
        public Bind {
            requireNonNull(address, "address");
        }
    }

    /**
     * Serve the listening socket this process inherited on stdin ({@code System.inheritedChannel()}),
     * as systemd passes it with {@code Accept=no} and {@code StandardInput=socket}.
     */
    record Inherited() implements Listen {
    }

    static Listen bind(String host, int port) {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port: " + port + " (expected: 0..65535)");
        }
        return new Bind(new InetSocketAddress(requireNonNull(host, "host"), port));
    }

    /** All addresses, port 9505. */
    static Listen defaultBind() {
        return bind("0.0.0.0", DEFAULT_PORT);
    }

    static Listen inherited() {
        return new Inherited();
    }
}
