package io.rxhealth.weighting.maglev;

import java.util.List;

/**
 * The designs {@link Maglev} was chosen over, kept for the figures: the same home layout, but
 * largest-remainder quotas and the freed slots refilled (a) each by its own rendezvous ranking of
 * the members still short of quota, in slot order, or (b) by the short members taking turns along
 * their Maglev permutations.
 */
final class AlternativeRefills {
    static final Disruption.Layouter RENDEZVOUS = (pool, members, slots) -> layout(pool, members, slots, false);
    static final Disruption.Layouter PERMUTATION = (pool, members, slots) -> layout(pool, members, slots, true);

    private AlternativeRefills() {
    }

    static SlotTable layout(String poolId, List<Member> members, int slots, boolean permutationOrder) {
        var pool = SortedPool.of(poolId, members);
        int n = pool.size();
        List<String> keys = pool.keys();
        int[] weight = pool.weight();
        long[] seeds = pool.seeds();
        int[] owners = SlotTable.filled(slots);
        if (Quota.total(weight) == 0) {
            return new SlotTable(keys, owners);
        }
        var homeSlots = new HomeSlots(pool.homeOwners(poolId, slots), seeds);
        int[] short_ = Quota.largestRemainder(weight, slots);
        for (int i = 0; i < n; i++) {
            int keep = Math.min(short_[i], homeSlots.count(i));
            for (int rank = 0; rank < keep; rank++) {
                owners[homeSlots.slot(i, rank)] = i;
            }
            short_[i] -= keep;
        }
        if (permutationOrder) {
            byPermutation(poolId, pool.sorted(), owners, short_);
        } else {
            byRendezvous(seeds, owners, short_);
        }
        return new SlotTable(keys, owners);
    }

    private static void byRendezvous(long[] seeds, int[] owners, int[] short_) {
        for (int slot = 0; slot < owners.length; slot++) {
            if (owners[slot] != -1) {
                continue;
            }
            int best = -1;
            for (int i = 0; i < seeds.length; i++) {
                if (short_[i] > 0 && (best < 0 || Hashing.rankKey(seeds[i], slot) > Hashing.rankKey(seeds[best], slot))) {
                    best = i;
                }
            }
            owners[slot] = best;
            short_[best]--;
        }
    }

    private static void byPermutation(String poolId, List<Member> sorted, int[] owners, int[] short_) {
        int slots = owners.length;
        int[] position = new int[sorted.size()];
        int[] skip = new int[sorted.size()];
        int left = 0;
        for (int i = 0; i < sorted.size(); i++) {
            position[i] = (int) Long.remainderUnsigned(Hashing.hash(poolId, sorted.get(i).key(), Hashing.SALT_OFFSET), slots);
            skip[i] = PermutationFill.skipFor(Hashing.hash(poolId, sorted.get(i).key(), Hashing.SALT_SKIP), slots);
            left += short_[i];
        }
        while (left > 0) {
            for (int i = 0; i < sorted.size() && left > 0; i++) {
                if (short_[i] == 0) {
                    continue;
                }
                int slot = position[i];
                while (owners[slot] != -1) {
                    slot = PermutationFill.next(slot, skip[i], slots);
                }
                owners[slot] = i;
                position[i] = PermutationFill.next(slot, skip[i], slots);
                short_[i]--;
                left--;
            }
        }
    }
}
