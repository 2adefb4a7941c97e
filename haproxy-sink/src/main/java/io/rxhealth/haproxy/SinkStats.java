package io.rxhealth.haproxy;

/**
 * A snapshot of the agent-check server's counters since start; all counts are monotonic except
 * {@code active}.
 *
 * @param accepted connections taken on (within the connection cap)
 * @param rejected connections closed unanswered because the cap was reached
 * @param replied replies written in full
 * @param timedOut connections closed because they outlived the connection timeout
 * @param oversized connections closed because the client sent more than the inbound limit
 * @param errors connections that failed with an I/O or handler error
 * @param active connections open right now
 */
public record SinkStats(long accepted, long rejected, long replied, long timedOut, long oversized,
                        long errors, int active) {
}
