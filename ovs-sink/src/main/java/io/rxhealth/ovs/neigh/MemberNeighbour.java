package io.rxhealth.ovs.neigh;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.pipeline.Ipv4;
import io.rxhealth.ovs.pipeline.Mac;
import java.time.Instant;

/**
 * What the daemon knows of one member's MAC.
 *
 * @param member the member's address
 * @param dev    the hc interface whose neighbour table resolves it ({@code -} when its segment has none)
 * @param mac    the MAC table 21 should deliver to; null when {@link Origin#UNRESOLVED}
 * @param state  the kernel's state of the entry ({@code ABSENT} when there is none, {@code UNREAD}
 *               when the table could not be read, {@code NO_HC_PORT} when nothing can resolve it)
 * @param origin where {@code mac} comes from
 * @param since  when {@code mac} became what it is (null while unresolved)
 */
public record MemberNeighbour(Ipv4 member, String dev, Mac mac, String state, Origin origin, Instant since) {
    public MemberNeighbour {
        requireNonNull(member, "member");
        requireNonNull(dev, "dev");
        requireNonNull(state, "state");
        requireNonNull(origin, "origin");
    }
}
