package io.rxhealth.weighting.maglev;

import java.util.Arrays;

/**
 * Each member's home slots (the slots it owns in the home layout), ordered by how much the member
 * wants them ({@link Hashing#rankKey}): a member whose quota shrinks gives up its least wanted
 * home slots first, and takes them back in the reverse order when it grows again.
 */
final class HomeSlots {
    /** Rank keys of member i's home slots, ascending, in {@code keys[start[i]..start[i + 1])}. */
    private final long[] keys;
    private final int[] start;
    private final int[] homeOwners;

    HomeSlots(int[] homeOwners, long[] seeds) {
        this.homeOwners = homeOwners;
        int n = seeds.length;
        start = new int[n + 1];
        for (int owner : homeOwners) {
            if (owner >= 0) {
                start[owner + 1]++;
            }
        }
        for (int i = 0; i < n; i++) {
            start[i + 1] += start[i];
        }
        keys = new long[start[n]];
        int[] next = Arrays.copyOf(start, n);
        for (int slot = 0; slot < homeOwners.length; slot++) {
            int owner = homeOwners[slot];
            if (owner >= 0) {
                keys[next[owner]++] = Hashing.rankKey(seeds[owner], slot);
            }
        }
        for (int i = 0; i < n; i++) {
            Arrays.sort(keys, start[i], start[i + 1]);
        }
    }

    /** How many home slots member {@code i} has. */
    int count(int i) {
        return start[i + 1] - start[i];
    }

    /** Member {@code i}'s home slot of preference {@code rank} (0 = the most wanted). */
    int slot(int i, int rank) {
        return Hashing.slotOf(keys[start[i + 1] - 1 - rank]);
    }

    /** The member whose home slot {@code slot} is, or -1. */
    int ownerOf(int slot) {
        return homeOwners[slot];
    }

    /** The rank key of that slot, for ordering claims of different members. */
    long key(int i, int rank) {
        return keys[start[i + 1] - 1 - rank];
    }
}
