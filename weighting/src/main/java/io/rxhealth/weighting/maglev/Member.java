package io.rxhealth.weighting.maglev;

import static java.util.Objects.requireNonNull;

/**
 * A pool member as the slot table sees it: its key ({@code address:port}, never a UUID, so that a
 * member recreated with the same address and port gets the same slots) and its effective weight.
 * Weight 0 means "holds no slots".
 */
public record Member(String key, int weight) implements Comparable<Member> {
    public Member {
        requireNonNull(key, "key");
        if (key.isBlank()) {
            throw new IllegalArgumentException("key: '" + key + "' (expected: address:port)");
        }
        if (weight < 0) {
            throw new IllegalArgumentException("weight: " + weight + " of " + key + " (expected: >= 0)");
        }
    }

    @Override
    public int compareTo(Member other) {
        return key.compareTo(other.key);
    }
}
