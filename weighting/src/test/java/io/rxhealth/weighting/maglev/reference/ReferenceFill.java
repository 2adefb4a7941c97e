package io.rxhealth.weighting.maglev.reference;

import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What the published weighted Maglevs share, written from their descriptions: members with weight
 * 0 are left out (Envoy, Katran and Cilium build the table from the healthy hosts only), each member
 * walks its permutation {@code (offset + j * skip) mod M} claiming the next free slot when its turn
 * comes, and the three differ only in who gets the next turn ({@link Turns}). The hash functions
 * differ from theirs (xxHash64, MurmurHash3): offset and skip are FNV-1a + SplitMix64 of the pool
 * and the key, which changes no statistic. They require a prime M; for a power of two the skip is
 * forced odd, as {@code Maglev} does, so every permutation still visits every slot.
 */
final class ReferenceFill {
    /** Who claims the next slot. */
    interface Turns {
        /** Called once with the weights of the members taking part (all > 0) and M. */
        void start(int[] weights, int slots);

        /** The member (index into the weights) that claims the {@code n}-th slot, n = 0..M-1. */
        int next(int n);
    }

    private ReferenceFill() {
    }

    static SlotTable layout(String poolId, List<Member> members, int slots, Turns turns) {
        List<Member> sorted = new ArrayList<>(members);
        sorted.sort(null);
        List<String> keys = sorted.stream().map(Member::key).toList();
        int[] owners = new int[slots];
        Arrays.fill(owners, -1);
        int[] index = sorted.stream().filter(m -> m.weight() > 0).mapToInt(sorted::indexOf).toArray();
        if (index.length == 0) {
            return new SlotTable(keys, owners);
        }
        int n = index.length;
        int[] weights = new int[n];
        int[] position = new int[n];
        int[] skip = new int[n];
        for (int k = 0; k < n; k++) {
            Member m = sorted.get(index[k]);
            weights[k] = m.weight();
            position[k] = (int) Long.remainderUnsigned(hash(poolId, m.key(), 0x9E3779B97F4A7C15L), slots);
            long h = hash(poolId, m.key(), 0xC2B2AE3D27D4EB4FL);
            skip[k] = Integer.bitCount(slots) == 1 ? (int) Long.remainderUnsigned(h, slots) | 1
                    : (int) Long.remainderUnsigned(h, slots - 1) + 1;
        }
        turns.start(weights, slots);
        for (int filled = 0; filled < slots; filled++) {
            int k = turns.next(filled);
            int slot = position[k];
            while (owners[slot] != -1) {
                slot = step(slot, skip[k], slots);
            }
            owners[slot] = index[k];
            position[k] = step(slot, skip[k], slots);
        }
        return new SlotTable(keys, owners);
    }

    private static int step(int slot, int skip, int slots) {
        int next = slot + skip;
        return next >= slots ? next - slots : next;
    }

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
