package io.rxhealth.agent.status;

import java.time.Duration;

/**
 * What one status client may hold: connections open at once, each one's deadline from accept, and
 * the sizes of its request. Handed down from {@link StatusServer} to the connections it accepts
 * and to the pages that name the limits in their refusals, so that both speak of the same numbers.
 */
public record StatusLimits(int maxConnections, Duration connectionTimeout, int maxRequestLineBytes,
                           int maxHeaderBytes, int maxBodyBytes) {
    /**
     * Loopback scrapes and scripts: a few connections at once, five seconds each. GET and HEAD
     * carry no body; a small one is read and ignored, so that closing sends no reset.
     */
    public static final StatusLimits DEFAULTS = new StatusLimits(16, Duration.ofSeconds(5), 4096, 8192, 8192);

    public StatusLimits {
        positive("maxConnections", maxConnections);
        positive("maxRequestLineBytes", maxRequestLineBytes);
        positive("maxHeaderBytes", maxHeaderBytes);
        positive("maxBodyBytes", maxBodyBytes);
        if (connectionTimeout.isNegative() || connectionTimeout.isZero()) {
            throw new IllegalArgumentException("connectionTimeout: " + connectionTimeout + " (expected: > 0)");
        }
    }

    /** These limits with another connection count and deadline. */
    public StatusLimits withConnections(int max, Duration timeout) {
        return new StatusLimits(max, timeout, maxRequestLineBytes, maxHeaderBytes, maxBodyBytes);
    }

    private static void positive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + ": " + value + " (expected: >= 1)");
        }
    }
}
