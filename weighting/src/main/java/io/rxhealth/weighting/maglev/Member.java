package io.rxhealth.weighting.maglev;

import static java.util.Objects.requireNonNull;

/**
 * A pool member as the slot table sees it: its key ({@code address:port}, never a UUID, so that a
 * member recreated with the same address and port gets the same slots), its effective
 * {@code weight} now, and its {@code homeWeight}: the weight it is configured with.
 *
 * <p>The LB daemon passes the configured weight as {@code homeWeight} and the effective weight
 * (0 when probe-down, agent-down, maint, drain or operator drain) as {@code weight}, and keeps
 * every configured member in the list. The slots a member holds at its home weight are its home
 * slots; it keeps them while its effective weight allows, which is what keeps a drain or a weight
 * change from moving slots between the other members (see {@link Maglev}). Weight 0 means "holds
 * no slots".
 */
public record Member(String key, int weight, int homeWeight) implements Comparable<Member> {
    public Member {
        requireNonNull(key, "key");
        if (key.isBlank()) {
            throw new IllegalArgumentException("key: '" + key + "' (expected: address:port)");
        }
        if (weight < 0) {
            throw new IllegalArgumentException("weight: " + weight + " of " + key + " (expected: >= 0)");
        }
        if (homeWeight < 0) {
            throw new IllegalArgumentException("homeWeight: " + homeWeight + " of " + key
                    + " (expected: >= 0)");
        }
    }

    /** A member whose home weight is its current weight: it has no configured weight to return to. */
    public Member(String key, int weight) {
        this(key, weight, weight);
    }

    @Override
    public int compareTo(Member other) {
        return key.compareTo(other.key);
    }
}
