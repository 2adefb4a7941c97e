package io.rxhealth.weighting.maglev;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.function.IntToLongFunction;
import java.util.stream.IntStream;

/**
 * Variants of {@link Maglev#layout}'s steps 4 and 5 (docs/maglev.md) tried against the 40-event
 * target, kept so that {@link SequenceRatios} can reproduce their figures. Each is a pure function
 * of the pool and exact-quota, like the layout itself; none moved fewer slots.
 */
final class PlacementVariants {
    /** Who may keep one home slot above the floor in step 4. */
    enum HomeCeilings {
        /** As {@link Maglev}: any member with a further home slot, while the ceilings last. */
        ANY,
        /** Only members at or above their home weight: a reduced member keeps its floor only. */
        FULL_WEIGHT_ONLY,
        /** Nobody: every ceiling is handed out in step 5. */
        NONE
    }

    /** How step 5 places the free slots. */
    enum Placement {
        /** As {@link Maglev}: {@link PlacementRounds} up to the floors, then up to the ceilings. */
        ROUNDS,
        /**
         * Floors filled tier by tier, the free slots their home owner wants least first (they stay
         * free the longest), then the ceilings.
         */
        LEAST_WANTED_FIRST,
        /** The same with the most wanted first. */
        MOST_WANTED_FIRST,
        /**
         * Every free slot placed up to the ceilings first (the gainers are where the slots land),
         * then the least wanted placed slots released to lift members left below their floor.
         */
        CEILINGS_FIRST,
        /** Member-proposing deferred acceptance: members propose to free slots by rank key. */
        MEMBER_PROPOSING,
        /**
         * One pass of {@link PlacementRounds}' rounds in which a member takes an asker up to its floor,
         * or up to its ceiling while ceilings remain: the ceilings go to the members the free slots
         * ask first.
         */
        SINGLE_PASS,
        /**
         * As {@link #ROUNDS}, but every free slot asks the members in an order hashed from its home
         * owner, not from the slot: the slots one member frees follow one another to the same heirs.
         */
        HEIRS_BY_HOME_OWNER
    }

    private static final int TIERS = 2;
    private static final long SLOT_PREFERENCE_SALT = 0x5DEECE66DL;

    private PlacementVariants() {
    }

    static Disruption.Layouter of(HomeCeilings ceilings, Placement placement) {
        return (pool, members, slots) -> layout(pool, members, slots, ceilings, placement);
    }

    static SlotTable layout(String poolId, List<Member> members, int slots, HomeCeilings ceilings,
                            Placement placement) {
        var pool = SortedPool.of(poolId, members);
        int n = pool.size();
        List<String> keys = pool.keys();
        int[] weight = pool.weight();
        int[] homeWeight = pool.homeWeight();
        long[] seeds = pool.seeds();
        int[] owners = SlotTable.filled(slots);
        if (Quota.total(weight) == 0) {
            return new SlotTable(keys, owners);
        }
        var home = new HomeSlots(pool.homeOwners(poolId, slots), seeds);
        int[] floor = Quota.floor(weight, slots);
        int[] ceil = Quota.ceil(weight, slots);
        int[] count = new int[n];
        keepHomeSlots(home, weight, homeWeight, floor, ceil, ceilings, slots, owners, count);
        int[] free = unowned(owners);
        var rounds = new PlacementRounds(owners, count, seeds, Hashing.hash(poolId, "", Hashing.SALT_SLOT));
        switch (placement) {
            case ROUNDS -> rounds.place(rounds.place(free, floor), ceil);
            case LEAST_WANTED_FIRST, MOST_WANTED_FIRST ->
                    rounds.place(byTiers(rounds, home, slots, free, floor, placement == Placement.LEAST_WANTED_FIRST), ceil);
            case CEILINGS_FIRST -> ceilingsFirst(rounds, seeds, free, floor, ceil, owners, count);
            case MEMBER_PROPOSING -> memberProposing(memberProposing(free, floor, owners, count, seeds), ceil,
                    owners, count, seeds);
            case SINGLE_PASS -> singlePass(poolId, seeds, free, floor, ceil, owners, count);
            case HEIRS_BY_HOME_OWNER -> {
                int[] homeOwners = pool.homeOwners(poolId, slots);
                int[] left = heirRounds(seeds, homeOwners, free, floor, owners, count);
                heirRounds(seeds, homeOwners, left, ceil, owners, count);
            }
        }
        for (int i = 0; i < n; i++) {
            if (weight[i] > 0 && (count[i] < floor[i] || count[i] > ceil[i])) {
                throw new IllegalStateException("member " + keys.get(i) + " holds " + count[i]
                        + " slots (expected: " + floor[i] + ".." + ceil[i] + ")");
            }
        }
        return new SlotTable(keys, owners);
    }

    private static void keepHomeSlots(HomeSlots home, int[] weight, int[] homeWeight, int[] floor, int[] ceil,
                                      HomeCeilings ceilings, int slots, int[] owners, int[] count) {
        long left = slots;
        int candidates = 0;
        long[] extra = new long[floor.length];
        for (int i = 0; i < floor.length; i++) {
            count[i] = Math.min(floor[i], home.count(i));
            for (int rank = 0; rank < count[i]; rank++) {
                owners[home.slot(i, rank)] = i;
            }
            left -= floor[i];
            boolean allowed = ceilings == HomeCeilings.ANY
                    || ceilings == HomeCeilings.FULL_WEIGHT_ONLY && weight[i] >= homeWeight[i];
            if (allowed && ceil[i] > floor[i] && home.count(i) > floor[i]) {
                extra[candidates++] = home.key(i, floor[i]);
            }
        }
        Arrays.sort(extra, 0, candidates);
        for (int c = candidates - 1; c >= 0 && left > 0; c--, left--) {
            int slot = Hashing.slotOf(extra[c]);
            owners[slot] = home.ownerOf(slot);
            count[owners[slot]]++;
        }
    }

    /** Places the free slots up to the floors in {@value #TIERS} tiers by their rank in their home owner's list. */
    private static int[] byTiers(PlacementRounds rounds, HomeSlots home, int slots, int[] free, int[] floor,
                                 boolean leastWantedFirst) {
        // Position of each slot in its home owner's list, 1 for the least wanted: tier 0 takes (0.5, 1].
        double[] depth = new double[slots];
        for (int i = 0; i < floor.length; i++) {
            for (int rank = 0; rank < home.count(i); rank++) {
                double position = (double) (rank + 1) / home.count(i);
                depth[home.slot(i, rank)] = leastWantedFirst ? position : 1 - position;
            }
        }
        int[] left = new int[0];
        for (int tier = 0; tier < TIERS; tier++) {
            double from = 1.0 - (double) (tier + 1) / TIERS;
            double to = 1.0 - (double) tier / TIERS;
            int[] batch = Arrays.copyOf(left, left.length + free.length);
            int b = left.length;
            for (int slot : free) {
                if (depth[slot] > from && depth[slot] <= to || tier == TIERS - 1 && depth[slot] <= from) {
                    batch[b++] = slot;
                }
            }
            batch = Arrays.copyOf(batch, b);
            Arrays.sort(batch);
            left = rounds.place(batch, floor);
        }
        return left;
    }

    private static void ceilingsFirst(PlacementRounds rounds, long[] seeds, int[] free, int[] floor, int[] ceil,
                                      int[] owners, int[] count) {
        rounds.place(free, ceil);
        int below = 0;
        for (int i = 0; i < floor.length; i++) {
            below += Math.max(0, floor[i] - count[i]);
        }
        long[] releasable = new long[free.length];
        int r = 0;
        for (int slot : free) {
            releasable[r++] = Hashing.rankKey(seeds[owners[slot]], slot);
        }
        Arrays.sort(releasable, 0, r);
        int[] released = new int[below];
        int k = 0;
        for (int c = 0; c < r && k < below; c++) {
            int slot = Hashing.slotOf(releasable[c]);
            int owner = owners[slot];
            if (count[owner] > floor[owner]) {
                owners[slot] = -1;
                count[owner]--;
                released[k++] = slot;
            }
        }
        int[] placed = Arrays.copyOf(released, k);
        Arrays.sort(placed);
        rounds.place(placed, floor);
    }

    /**
     * Members short of {@code room} propose to the free slots in their rank-key order; a slot keeps
     * the proposer it prefers (an independent per-slot hash). Returns the slots nobody holds.
     */
    private static int[] memberProposing(int[] free, int[] room, int[] owners, int[] count, long[] seeds) {
        int n = seeds.length;
        int[] need = new int[n];
        long[][] lists = new long[n][];
        int[] next = new int[n];
        var queue = new ArrayDeque<Integer>();
        for (int i = 0; i < n; i++) {
            need[i] = Math.max(0, room[i] - count[i]);
            if (need[i] > 0) {
                long[] list = new long[free.length];
                for (int k = 0; k < free.length; k++) {
                    list[k] = Hashing.rankKey(seeds[i], free[k]);
                }
                Arrays.sort(list);
                lists[i] = list;
                queue.add(i);
            }
        }
        Map<Integer, Integer> holder = new HashMap<>();
        while (!queue.isEmpty()) {
            int i = queue.poll();
            long[] list = lists[i];
            while (need[i] > 0 && next[i] < list.length) {
                int slot = Hashing.slotOf(list[list.length - 1 - next[i]++]);
                Integer held = holder.get(slot);
                if (held == null || slotPreference(seeds[i], slot) > slotPreference(seeds[held], slot)) {
                    holder.put(slot, i);
                    need[i]--;
                    if (held != null) {
                        need[held]++;
                        queue.add(held);
                    }
                }
            }
        }
        int[] rest = new int[free.length];
        int left = 0;
        for (int slot : free) {
            Integer held = holder.get(slot);
            if (held == null) {
                rest[left++] = slot;
            } else {
                owners[slot] = held;
                count[held]++;
            }
        }
        return Arrays.copyOf(rest, left);
    }

    private static void singlePass(String poolId, long[] seeds, int[] free, int[] floor, int[] ceil, int[] owners,
                                   int[] count) {
        long[] ceilings = {free.length};
        for (int i = 0; i < seeds.length; i++) {
            ceilings[0] -= Math.max(0, floor[i] - count[i]);
        }
        long poolSeed = Hashing.hash(poolId, "", Hashing.SALT_SLOT);
        long offsetSeed = Hashing.mix(poolSeed + Hashing.SALT_OFFSET);
        long skipSeed = Hashing.mix(poolSeed + Hashing.SALT_SKIP);
        int[] left = rounds(seeds, free, slot -> Hashing.slotHash(offsetSeed, slot), slot -> Hashing.slotHash(skipSeed, slot),
                ceil, member -> {
                    if (count[member] < floor[member]) {
                        return true;
                    }
                    return ceilings[0]-- > 0;
                }, owners, count);
        if (left.length > 0) {
            throw new IllegalStateException("slots left unowned: " + left.length + " (expected: 0)");
        }
    }

    /** {@link PlacementRounds#place} with each slot's member order hashed from its home owner's seed. */
    private static int[] heirRounds(long[] seeds, int[] homeOwners, int[] unplaced, int[] room, int[] owners,
                                    int[] count) {
        IntToLongFunction heir = slot -> Hashing.mix(seeds[homeOwners[slot]] + Hashing.SALT_SLOT);
        return rounds(seeds, unplaced, slot -> Hashing.mix(heir.applyAsLong(slot) + Hashing.SALT_OFFSET),
                slot -> Hashing.mix(heir.applyAsLong(slot) + Hashing.SALT_SKIP), room, member -> true, owners, count);
    }

    /**
     * The rounds of {@link PlacementRounds}, with the slots' member orders hashed by {@code offset}
     * and {@code skip}: a member below {@code room} is asked, and takes an asker if {@code takes}
     * says so. Returns the slots left unplaced.
     */
    private static int[] rounds(long[] seeds, int[] unplaced, IntToLongFunction offset,
                                IntToLongFunction skipHash, int[] room,
                                IntPredicate takes, int[] owners, int[] count) {
        int n = seeds.length;
        int prime = PlacementRounds.primeAtLeast(Math.max(2, n));
        int pending = unplaced.length;
        int[] slots = unplaced.clone();
        int[] position = new int[pending];
        int[] skip = new int[pending];
        for (int k = 0; k < pending; k++) {
            position[k] = (int) Long.remainderUnsigned(offset.applyAsLong(slots[k]), prime);
            skip[k] = prime == 2 ? 1 : (int) Long.remainderUnsigned(skipHash.applyAsLong(slots[k]), prime - 1) + 1;
        }
        int[] asked = new int[owners.length];
        long[] asks = new long[pending];
        for (int round = 0; round < prime && pending > 0; round++) {
            int asking = 0;
            for (int k = 0; k < pending; k++) {
                int member = position[k];
                if (member < n && count[member] < room[member]) {
                    asked[slots[k]] = member;
                    asks[asking++] = Hashing.rankKey(seeds[member], slots[k]);
                }
                position[k] = PermutationFill.next(member, skip[k], prime);
            }
            Arrays.sort(asks, 0, asking);
            for (int a = asking - 1; a >= 0; a--) {
                int slot = Hashing.slotOf(asks[a]);
                int member = asked[slot];
                if (count[member] < room[member] && takes.test(member)) {
                    owners[slot] = member;
                    count[member]++;
                }
            }
            int kept = 0;
            for (int k = 0; k < pending; k++) {
                if (owners[slots[k]] == -1) {
                    slots[kept] = slots[k];
                    position[kept] = position[k];
                    skip[kept] = skip[k];
                    kept++;
                }
            }
            pending = kept;
        }
        return Arrays.copyOf(slots, pending);
    }

    private static long slotPreference(long seed, int slot) {
        return Hashing.slotHash(seed ^ SLOT_PREFERENCE_SALT, slot);
    }

    private static int[] unowned(int[] owners) {
        return IntStream.range(0, owners.length).filter(s -> owners[s] == -1).toArray();
    }
}
