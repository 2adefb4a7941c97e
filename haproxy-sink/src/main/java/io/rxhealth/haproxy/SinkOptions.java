package io.rxhealth.haproxy;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * Limits of the agent-check server.
 *
 * @param maxConnections connections served at once; a connection beyond is closed unanswered
 * @param connectionTimeout how long a connection may live in all, from accept to close
 * @param maxInboundBytes bytes read from a client (HAProxy's {@code agent-send}) before it is cut off
 * @param backlog listen backlog when binding; an inherited socket keeps the one it was created with
 * @param threads event-loop threads that accept and serve connections; one is plenty (see the
 *        load figures in the module's commit history), more only spread connections over cores
 */
public record SinkOptions(int maxConnections, Duration connectionTimeout, int maxInboundBytes,
                          int backlog, int threads) {
    public SinkOptions {
        requirePositive("maxConnections", maxConnections);
        requireNonNull(connectionTimeout, "connectionTimeout");
        if (connectionTimeout.isNegative() || connectionTimeout.isZero()) {
            throw new IllegalArgumentException(
                    "connectionTimeout: " + connectionTimeout + " (expected: > 0)");
        }
        requirePositive("maxInboundBytes", maxInboundBytes);
        requirePositive("backlog", backlog);
        requirePositive("threads", threads);
    }

    /** 256 connections, 2 s per connection, 4 KiB inbound, backlog 1024, one thread. */
    public static SinkOptions defaults() {
        return new SinkOptions(256, Duration.ofSeconds(2), 4096, 1024, 1);
    }

    public SinkOptions withMaxConnections(int n) {
        return new SinkOptions(n, connectionTimeout, maxInboundBytes, backlog, threads);
    }

    public SinkOptions withConnectionTimeout(Duration timeout) {
        return new SinkOptions(maxConnections, timeout, maxInboundBytes, backlog, threads);
    }

    public SinkOptions withMaxInboundBytes(int bytes) {
        return new SinkOptions(maxConnections, connectionTimeout, bytes, backlog, threads);
    }

    public SinkOptions withThreads(int n) {
        return new SinkOptions(maxConnections, connectionTimeout, maxInboundBytes, backlog, n);
    }

    private static void requirePositive(String name, int value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + ": " + value + " (expected: > 0)");
        }
    }
}
