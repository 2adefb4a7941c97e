package io.rxhealth.haproxy;

/**
 * A snapshot of the agent-check server's counters since start; all counts are monotonic except
 * {@code active}.
 *
 * @param accepted connections taken on (out of the waiting room, with a slot)
 * @param rejected connections reset unanswered because every slot held a connection still waiting
 *        for its first reply (only before the first verdict)
 * @param replied replies written in full
 * @param timedOut connections closed at a deadline: the connection timeout, or the linger after the
 *        reply for a client that does not close
 * @param oversized connections closed because the client sent more than the inbound limit
 * @param errors connections that failed with an I/O or handler error
 * @param active connections open right now
 * @param denied connections reset unread because their source is not on the allow-list
 * @param shed connections reset unread because their source had its share of connections open or
 *        waiting, or because the waiting room was full and their source held the most of it
 * @param evicted answered connections closed early to make room for a new one
 */
public record SinkStats(long accepted, long rejected, long replied, long timedOut, long oversized,
                        long errors, int active, long denied, long shed, long evicted) {
}
