package io.rxhealth.weighting.maglev;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Weighted Maglev with home slots: assigns every slot of a table of {@code slots} entries to a
 * member with weight greater than zero, each member holding its exact quota (the floor or the
 * ceiling of {@code slots * w / W}). A pure function of (pool id, members, slots): every LB node,
 * and a node after a restart, computes the same table and digest.
 *
 * <p>How (docs/maglev.md has the measurements):
 * <ol>
 * <li>The <em>home layout</em> is Maglev's permutation fill over every listed member at its
 *     {@link Member#homeWeight() home weight}, with exact largest-remainder quotas. It changes only
 *     when the configured pool changes, never when a member goes down or changes weight.</li>
 * <li>Each member keeps its most wanted home slots up to the floor of its current share, and below
 *     its home weight no more than the ceiling of its <em>own share</em>: the share it would have
 *     were every other member at its home weight. While the number of ceilings the current weights
 *     allow lasts, members at their floor keep one more home slot, most wanted first.</li>
 * <li>The remaining slots are placed by {@link PlacementRounds}: first until every member holds
 *     the floor of its share, then up to the ceilings.</li>
 * </ol>
 * So a member that is drained or set to weight 0 frees only its own slots, which go to members
 * with room; the other members keep every slot they held, as their shares only grow (but for one
 * slot where rounding forces it: MaglevTest.movesOneSlotBetweenSurvivorsOnlyWhereRoundingForcesIt).
 * A weight change frees or claims only as many of the member's home slots as its quota changes.
 */
public final class Maglev {
    public static final int DEFAULT_SLOTS = 1024;
    /**
     * Largest table: 2^20. A layout costs 0.2-0.4 s of CPU at 2^20 slots and 1,000 members and grows
     * with M (docs/maglev.md, "Speed"), 8 s at 2^24; beyond 2^20 a table rebuilt on every verdict
     * change is no longer a reasonable cost. (Slot numbers must also fit {@link Hashing#SLOT_BITS}.)
     */
    public static final int MAX_SLOTS = 1 << 20;
    /**
     * The version of the layout function: raised whenever the same pool lays out differently, so
     * that a node logging it beside the digest says why a release changed every pool's digest.
     * 1: home slots with equal turns, home slots kept up to the current floor. 2: weighted turns in
     * the home fill; home slots kept up to the member's own share (see {@link #layout}).
     */
    public static final int LAYOUT_VERSION = 2;

    private Maglev() {
    }

    /** {@link #layout(String, List, int)} with {@value #DEFAULT_SLOTS} slots. */
    public static SlotTable layout(String poolId, List<Member> members) {
        return layout(poolId, members, DEFAULT_SLOTS);
    }

    /**
     * Builds the slot table. {@code members} should list every configured member, down ones with
     * weight 0: they hold no slots but keep their home slots reserved for their return, and are kept
     * in {@link SlotTable#keys()} so reports list them. Keys must be unique; order does not matter.
     */
    public static SlotTable layout(String poolId, List<Member> members, int slots) {
        return layout(poolId, members, slots, true);
    }

    /**
     * {@code ownShare = false} is the step 4 of layout version 1 (a member keeps home slots up to the
     * floor of its current share), kept for the lab's comparison (ReferenceMatrix).
     */
    static SlotTable layout(String poolId, List<Member> members, int slots, boolean ownShare) {
        validateSlots(slots);
        if (poolId == null) {
            throw new IllegalArgumentException("poolId: null (expected: the pool's id)");
        }
        List<Member> sorted = sortedUnique(members);
        List<String> keys = new ArrayList<>(sorted.size());
        int n = sorted.size();
        int[] weight = new int[n];
        int[] homeWeight = new int[n];
        long[] seeds = new long[n];
        for (int i = 0; i < n; i++) {
            Member m = sorted.get(i);
            keys.add(m.key());
            weight[i] = m.weight();
            homeWeight[i] = m.homeWeight();
            seeds[i] = Hashing.hash(poolId, m.key(), Hashing.SALT_RANK);
        }
        int[] owners = SlotTable.filled(slots);
        if (Quota.total(weight) == 0) {
            return new SlotTable(keys, owners);
        }
        int[] homeOwners = PermutationFill.fill(poolId, sorted, Quota.largestRemainder(homeWeight, slots),
                homeWeight, slots);
        int[] floor = Quota.floor(weight, slots);
        int[] ceil = Quota.ceil(weight, slots);
        int[] count = new int[n];
        int[] limit = homeLimits(weight, homeWeight, slots, ownShare);
        keepHomeSlots(new HomeSlots(homeOwners, seeds), floor, ceil, limit, slots, owners, count);

        int[] free = unowned(owners);
        var rounds = new PlacementRounds(owners, count, seeds, Hashing.hash(poolId, "", Hashing.SALT_SLOT));
        int[] left = rounds.place(rounds.place(free, floor), ceil);
        if (left.length > 0) {
            throw new IllegalStateException("slots left unowned: " + left.length + " (expected: 0)");
        }
        return new SlotTable(keys, owners);
    }

    /** Step 2 of the class comment: home slots up to the floor, then one more within the ceilings. */
    /**
     * How many of its home slots a member may keep, whatever the other members' weights: all of
     * them at its home weight or above; below it, the ceiling of the share it would have if every
     * other member were at its home weight (its own share). A member's kept home slots thus depend on its own weight
     * alone: when another member goes down and this one's share grows, it takes its extra slots from
     * the free ones instead of taking back home slots that members with room were given.
     */
    private static int[] homeLimits(int[] weight, int[] homeWeight, int slots, boolean ownShare) {
        long homeTotal = Quota.total(homeWeight);
        int[] limit = new int[weight.length];
        for (int i = 0; i < weight.length; i++) {
            if (weight[i] >= homeWeight[i] || !ownShare) {
                limit[i] = Integer.MAX_VALUE;
            } else {
                long others = homeTotal - homeWeight[i] + weight[i];
                limit[i] = (int) (((long) slots * weight[i] + others - 1) / others);
            }
        }
        return limit;
    }

    private static void keepHomeSlots(HomeSlots home, int[] floor, int[] ceil, int[] limit, int slots,
                                      int[] owners, int[] count) {
        long ceilings = slots;
        int candidates = 0;
        long[] extra = new long[floor.length];
        for (int i = 0; i < floor.length; i++) {
            int keep = Math.min(limit[i], home.count(i));
            count[i] = Math.min(floor[i], keep);
            for (int rank = 0; rank < count[i]; rank++) {
                owners[home.slot(i, rank)] = i;
            }
            ceilings -= floor[i];
            if (ceil[i] > floor[i] && keep > floor[i]) {
                extra[candidates++] = home.key(i, floor[i]);
            }
        }
        // Which members end on their ceiling is ours to choose: any choice is exact-quota. Giving the
        // ceilings to members that would otherwise lose a home slot means a member loses home slots
        // only when its own share shrinks, or when such members outnumber the ceilings.
        Arrays.sort(extra, 0, candidates);
        for (int c = candidates - 1; c >= 0 && ceilings > 0; c--, ceilings--) {
            int slot = Hashing.slotOf(extra[c]);
            int owner = home.ownerOf(slot);
            owners[slot] = owner;
            count[owner]++;
        }
    }

    private static List<Member> sortedUnique(List<Member> members) {
        if (members == null) {
            throw new IllegalArgumentException("members: null (expected: a list, possibly empty)");
        }
        List<Member> sorted = new ArrayList<>(members);
        // Members sorted by key: every LB node must build the same table whatever order it read them in.
        sorted.sort(null);
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).key().equals(sorted.get(i - 1).key())) {
                throw new IllegalArgumentException("member key: " + sorted.get(i).key()
                        + " appears twice (expected: unique address:port)");
            }
        }
        return sorted;
    }

    private static int[] unowned(int[] owners) {
        int free = 0;
        for (int o : owners) {
            free += o == -1 ? 1 : 0;
        }
        int[] slots = new int[free];
        for (int slot = 0, k = 0; slot < owners.length; slot++) {
            if (owners[slot] == -1) {
                slots[k++] = slot;
            }
        }
        return slots;
    }

    /** Accepts a power of two (the skip is then odd) or a prime, as the permutations need. */
    public static void validateSlots(int slots) {
        if (slots < 2 || slots > MAX_SLOTS || !(Integer.bitCount(slots) == 1 || isPrime(slots))) {
            throw new IllegalArgumentException("slots: " + slots
                    + " (expected: a power of two or a prime, 2.." + MAX_SLOTS + ")");
        }
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
}
