package io.rxhealth.haproxy;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * Limits of the agent-check server.
 *
 * @param maxConnections connections open at once; when full, the oldest already-answered connection
 *        is closed to make room, and only if none has been answered is the new one reset unanswered
 * @param connectionTimeout the longest a connection may live, from accept to close (it bounds the
 *        wait for the first verdict)
 * @param maxInboundBytes bytes read from a client (HAProxy's {@code agent-send}) before it is cut off
 * @param backlog listen backlog when binding (an inherited socket keeps the one it was created with),
 *        and the size of the waiting room behind it, where accepted connections wait to be served
 * @param threads event-loop threads that accept and serve connections; one is plenty (see the
 *        load figures in docs/PERFORMANCE.md), more only spread connections over cores
 * @param maxPerSource connections open or waiting at once from one source address; more are reset unread
 * @param linger how long an answered connection waits for the client to close before it is closed
 *        (an orderly end instead of a reset; HAProxy closes as soon as it has read the line)
 * @param allow source addresses that may connect; others are reset unread
 */
public record SinkOptions(int maxConnections, Duration connectionTimeout, int maxInboundBytes,
                          int backlog, int threads, int maxPerSource, Duration linger,
                          SourceAllowList allow) {
    public SinkOptions {
        requirePositive("maxConnections", maxConnections);
        requirePositive("connectionTimeout", connectionTimeout);
        requirePositive("maxInboundBytes", maxInboundBytes);
        requirePositive("backlog", backlog);
        requirePositive("threads", threads);
        requirePositive("maxPerSource", maxPerSource);
        requirePositive("linger", linger);
        requireNonNull(allow, "allow");
    }

    /**
     * 256 connections, 2 s per connection, 4 KiB inbound, backlog 1024, one thread, 32 per source,
     * 500 ms linger, any source.
     */
    public static SinkOptions defaults() {
        return new SinkOptions(256, Duration.ofSeconds(2), 4096, 1024, 1, 32, Duration.ofMillis(500),
                SourceAllowList.ANY);
    }

    public SinkOptions withMaxConnections(int n) {
        return new SinkOptions(n, connectionTimeout, maxInboundBytes, backlog, threads, maxPerSource, linger, allow);
    }

    public SinkOptions withConnectionTimeout(Duration timeout) {
        return new SinkOptions(maxConnections, timeout, maxInboundBytes, backlog, threads, maxPerSource, linger,
                allow);
    }

    public SinkOptions withMaxInboundBytes(int bytes) {
        return new SinkOptions(maxConnections, connectionTimeout, bytes, backlog, threads, maxPerSource, linger,
                allow);
    }

    public SinkOptions withThreads(int n) {
        return new SinkOptions(maxConnections, connectionTimeout, maxInboundBytes, backlog, n, maxPerSource, linger,
                allow);
    }

    public SinkOptions withMaxPerSource(int n) {
        return new SinkOptions(maxConnections, connectionTimeout, maxInboundBytes, backlog, threads, n, linger,
                allow);
    }

    public SinkOptions withLinger(Duration d) {
        return new SinkOptions(maxConnections, connectionTimeout, maxInboundBytes, backlog, threads, maxPerSource, d,
                allow);
    }

    public SinkOptions withAllow(SourceAllowList list) {
        return new SinkOptions(maxConnections, connectionTimeout, maxInboundBytes, backlog, threads, maxPerSource,
                linger, list);
    }

    private static void requirePositive(String name, int value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + ": " + value + " (expected: > 0)");
        }
    }

    private static void requirePositive(String name, Duration value) {
        requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + ": " + value + " (expected: > 0)");
        }
    }
}
