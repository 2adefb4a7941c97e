package io.rxhealth.ovs.neigh;

/**
 * One member's MAC as the operator sees it ({@code GET /neigh}, {@code neigh}).
 *
 * @param member    the member's address
 * @param dev       the hc interface whose neighbour table resolves it
 * @param mac       the MAC in use, null when never resolved
 * @param state     the kernel's state of the entry (REACHABLE, STALE, FAILED, ABSENT, UNREAD, NO_HC_PORT, ...)
 * @param origin    {@code KERNEL}, {@code LAST_KNOWN} or {@code UNRESOLVED}
 * @param since     when the MAC became what it is (ISO-8601), null while unresolved
 * @param installed the MAC table 21 holds as this node last wrote it, null when none
 */
public record NeighbourReport(String member, String dev, String mac, String state, String origin, String since,
                              String installed) {
}
