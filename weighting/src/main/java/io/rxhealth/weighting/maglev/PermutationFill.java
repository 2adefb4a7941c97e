package io.rxhealth.weighting.maglev;

import java.util.List;

/**
 * Maglev's table fill (Eisenbud et al., NSDI 2016, pseudocode 1) with exact quotas: members take
 * turns, in key order, claiming the next free slot of their own permutation
 * {@code (offset + j * skip) mod slots}, and a member stops once it holds its quota.
 */
final class PermutationFill {
    private PermutationFill() {
    }

    /**
     * Owner index per slot (-1 where {@code quota} sums to less than {@code slots}).
     * {@code sorted} gives the keys the permutations are derived from.
     */
    static int[] fill(String poolId, List<Member> sorted, int[] quota, int slots) {
        int n = sorted.size();
        int[] owners = SlotTable.filled(slots);
        int[] position = new int[n];
        int[] skip = new int[n];
        int[] left = quota.clone();
        int total = 0;
        for (int i = 0; i < n; i++) {
            String key = sorted.get(i).key();
            position[i] = (int) Long.remainderUnsigned(Hashing.hash(poolId, key, Hashing.SALT_OFFSET), slots);
            skip[i] = skipFor(Hashing.hash(poolId, key, Hashing.SALT_SKIP), slots);
            total += left[i];
        }
        for (int filled = 0; filled < total; ) {
            for (int i = 0; i < n; i++) {
                if (left[i] == 0) {
                    continue;
                }
                // Walk the permutation incrementally: the same sequence as (offset + j * skip) mod slots.
                int slot = position[i];
                while (owners[slot] != -1) {
                    slot = next(slot, skip[i], slots);
                }
                owners[slot] = i;
                position[i] = next(slot, skip[i], slots);
                left[i]--;
                filled++;
            }
        }
        return owners;
    }

    /** A skip coprime to {@code slots}, so that the permutation visits every slot. */
    static int skipFor(long hash, int slots) {
        if (Integer.bitCount(slots) == 1) {
            // A power-of-two table: only an odd skip is coprime to it.
            return (int) Long.remainderUnsigned(hash, slots) | 1;
        }
        // A prime table: every skip in 1..slots-1 is coprime to it.
        return (int) Long.remainderUnsigned(hash, slots - 1) + 1;
    }

    static int next(int position, int skip, int size) {
        int next = position + skip;
        return next >= size ? next - size : next;
    }
}
