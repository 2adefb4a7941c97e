package io.rxhealth.weighting.maglev;

import java.util.List;

/**
 * Maglev's table fill (Eisenbud et al., NSDI 2016, pseudocode 1) with exact quotas and weighted
 * turns ({@link WeightedTurns}): members claim the next free slot of their own permutation
 * {@code (offset + j * skip) mod slots} in turn, and a member stops once it holds its quota.
 * Weighted turns, not equal ones: with equal turns the light members finish first and the heavy
 * ones fill the end of the table alone, so changing one configured weight shifts when that member
 * stops and with it every later claim; with weighted turns every member claims all along the fill.
 */
final class PermutationFill {
    private PermutationFill() {
    }

    /**
     * Owner index per slot (-1 where {@code quota} sums to less than {@code slots}).
     * {@code sorted} gives the keys the permutations are derived from.
     */
    static int[] fill(String poolId, List<Member> sorted, int[] quota, int[] weights, int slots) {
        int n = sorted.size();
        int[] owners = SlotTable.filled(slots);
        int[] position = new int[n];
        int[] skip = new int[n];
        int[] left = quota.clone();
        for (int i = 0; i < n; i++) {
            String key = sorted.get(i).key();
            position[i] = (int) Long.remainderUnsigned(Hashing.hash(poolId, key, Hashing.SALT_OFFSET), slots);
            skip[i] = skipFor(Hashing.hash(poolId, key, Hashing.SALT_SKIP), slots);
        }
        var turns = new WeightedTurns(weights, left);
        while (!turns.isEmpty()) {
            int i = turns.next();
            // Walk the permutation incrementally: the same sequence as (offset + j * skip) mod slots.
            int slot = position[i];
            while (owners[slot] != -1) {
                slot = next(slot, skip[i], slots);
            }
            owners[slot] = i;
            position[i] = next(slot, skip[i], slots);
            if (--left[i] == 0) {
                turns.retire(i);
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
