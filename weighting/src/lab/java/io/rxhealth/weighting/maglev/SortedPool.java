package io.rxhealth.weighting.maglev;

import java.util.ArrayList;
import java.util.List;

/**
 * A pool's members sorted by key with their weights, home weights and rank seeds, as
 * {@link Maglev#layout} derives them; shared by the alternative layouts of the figures.
 */
record SortedPool(List<Member> sorted, List<String> keys, int[] weight, int[] homeWeight, long[] seeds) {
    static SortedPool of(String poolId, List<Member> members) {
        List<Member> sorted = new ArrayList<>(members);
        sorted.sort(null);
        List<String> keys = sorted.stream().map(Member::key).toList();
        long[] seeds = new long[sorted.size()];
        for (int i = 0; i < seeds.length; i++) {
            seeds[i] = Hashing.hash(poolId, keys.get(i), Hashing.SALT_RANK);
        }
        return new SortedPool(sorted, keys, sorted.stream().mapToInt(Member::weight).toArray(),
                sorted.stream().mapToInt(Member::homeWeight).toArray(), seeds);
    }

    int size() {
        return sorted.size();
    }

    /** The home layout: owner index per slot, Maglev's fill at the home weights' exact quotas. */
    int[] homeOwners(String poolId, int slots) {
        return PermutationFill.fill(poolId, sorted, Quota.largestRemainder(homeWeight, slots), homeWeight, slots);
    }
}
