package io.rxhealth.weighting.maglev;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Weighted Maglev: assigns every slot of a table of {@code slots} entries to a member with weight
 * greater than zero, each member holding its exact quota (floor or ceil of slots * w / W).
 * A pure function of (pool id, members, slots): every LB node computes the same table.
 */
public final class Maglev {
    public static final int DEFAULT_SLOTS = 1024;

    private Maglev() {
    }

    /**
     * Builds the slot table. {@code members} may contain members with weight 0 (they hold no
     * slots but are kept in {@link SlotTable#keys()} so reports list them); keys must be unique.
     */
    public static SlotTable layout(String poolId, List<Member> members, int slots) {
        validateSlots(slots);
        List<Member> sorted = new ArrayList<>(members);
        sorted.sort(null);
        List<String> keys = new ArrayList<>(sorted.size());
        for (int i = 0; i < sorted.size(); i++) {
            if (i > 0 && sorted.get(i).key().equals(sorted.get(i - 1).key())) {
                throw new IllegalArgumentException("member key: " + sorted.get(i).key()
                        + " appears twice (expected: unique address:port)");
            }
            keys.add(sorted.get(i).key());
        }
        int[] owners = SlotTable.filled(slots);
        int[] quota = Quota.largestRemainder(sorted, slots);
        long[] offset = new long[sorted.size()];
        long[] skip = new long[sorted.size()];
        int[] next = new int[sorted.size()];
        for (int i = 0; i < sorted.size(); i++) {
            long h1 = hash(poolId, sorted.get(i).key(), 0x9E3779B97F4A7C15L);
            long h2 = hash(poolId, sorted.get(i).key(), 0xC2B2AE3D27D4EB4FL);
            offset[i] = Long.remainderUnsigned(h1, slots);
            skip[i] = skipFor(h2, slots);
        }
        int filled = 0;
        int total = 0;
        for (int q : quota) {
            total += q;
        }
        while (filled < total) {
            for (int i = 0; i < sorted.size(); i++) {
                if (quota[i] == 0) {
                    continue;
                }
                int slot;
                do {
                    slot = (int) ((offset[i] + skip[i] * next[i]) % slots);
                    next[i]++;
                } while (owners[slot] != -1);
                owners[slot] = i;
                quota[i]--;
                filled++;
            }
        }
        return new SlotTable(keys, owners);
    }

    /** Accepts a power of two (the skip is then odd) or a prime, as the permutation needs. */
    public static void validateSlots(int slots) {
        if (slots < 2 || !(Integer.bitCount(slots) == 1 || isPrime(slots))) {
            throw new IllegalArgumentException("slots: " + slots + " (expected: a power of two or a prime, >= 2)");
        }
    }

    static long skipFor(long h, int slots) {
        if (Integer.bitCount(slots) == 1) {
            // With a power-of-two table only an odd skip is coprime to it and visits every slot.
            return (Long.remainderUnsigned(h, slots) | 1L);
        }
        return Long.remainderUnsigned(h, slots - 1) + 1;
    }

    static boolean isPrime(int n) {
        if (n < 2) {
            return false;
        }
        for (int d = 2; (long) d * d <= n; d++) {
            if (n % d == 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * A specified 64-bit hash (FNV-1a over UTF-8 of pool id, NUL, key, then a SplitMix64 finaliser
     * with {@code salt}): the same on every JVM and machine, unlike {@code hashCode}.
     */
    static long hash(String poolId, String key, long salt) {
        long h = 0xcbf29ce484222325L;
        for (byte b : (poolId + '\0' + key).getBytes(StandardCharsets.UTF_8)) {
            h ^= (b & 0xff);
            h *= 0x100000001b3L;
        }
        long z = h + salt;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
