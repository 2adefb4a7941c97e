package io.rxhealth.weighting.maglev;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The next slot table of a pool from its previous one: every member with weight greater than zero
 * holds its exact quota (the floor or the ceiling of {@code slots * w / W}), and no more slots change
 * owner than the change requires: {@code max(sum of (floor' - held)+, sum of (held - ceil')+)}, the
 * fewest any exact-quota table can move. A pure function of (pool id, previous table, members).
 *
 * <p>Unlike {@link Maglev#layout}, the result depends on the history: it is safe only where every
 * node computes from the same previous table, as in a fleet that replicates the table (the fleet
 * commits one table per change and every node installs what was committed). A pool without a
 * previous table, or whose previous table was empty or of another size, gets {@link Maglev#layout}.
 *
 * <p>How: each member's target count is its held count clamped to [floor, ceiling]; where the
 * targets do not sum to {@code slots}, the members with the largest remainder of their share are
 * raised (or those with the smallest lowered) one slot each, which costs exactly one move apiece
 * either way. Members above their target give up their least wanted slots (Maglev's rank keys);
 * slots of members no longer listed, or unowned, are freed too; members below their target take the
 * freed slots in the pool's slot order, in key order.
 */
public final class MinimalRepair {
    private MinimalRepair() {
    }

    /**
     * Repairs {@code previous} (may be {@code null}: the pool's first table) for {@code members}
     * (every configured member, down ones with weight 0, as for {@link Maglev#layout}).
     */
    public static SlotTable repair(String poolId, SlotTable previous, List<Member> members, int slots) {
        Maglev.validateSlots(slots);
        if (previous == null || previous.size() != slots || previous.isEmpty()) {
            return Maglev.layout(poolId, members, slots);
        }
        List<Member> sorted = new ArrayList<>(members);
        sorted.sort(null);
        int n = sorted.size();
        List<String> keys = new ArrayList<>(n);
        int[] weight = new int[n];
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < n; i++) {
            keys.add(sorted.get(i).key());
            weight[i] = sorted.get(i).weight();
            if (index.put(keys.get(i), i) != null) {
                throw new IllegalArgumentException("member key: " + keys.get(i)
                        + " appears twice (expected: unique address:port)");
            }
        }
        int[] owners = SlotTable.filled(slots);
        if (Quota.total(weight) == 0) {
            return new SlotTable(keys, owners);
        }
        int[] held = new int[n];
        int[] prev = previous.ownersView();
        List<String> prevKeys = previous.keys();
        int[] translate = new int[prevKeys.size()];
        for (int k = 0; k < translate.length; k++) {
            translate[k] = index.getOrDefault(prevKeys.get(k), -1);
        }
        for (int slot = 0; slot < slots; slot++) {
            int o = prev[slot] < 0 ? -1 : translate[prev[slot]];
            owners[slot] = o;
            if (o >= 0) {
                held[o]++;
            }
        }
        int[] target = targets(held, weight, slots);
        long[] seeds = new long[n];
        for (int i = 0; i < n; i++) {
            seeds[i] = Hashing.hash(poolId, keys.get(i), Hashing.SALT_RANK);
        }
        int[] freed = release(owners, held, target, seeds);
        take(owners, held, target, freed, Hashing.hash(poolId, "", Hashing.SALT_SLOT));
        return new SlotTable(keys, owners);
    }

    /** Held counts clamped to the exact-quota bounds, then evened out to sum to {@code slots}. */
    static int[] targets(int[] held, int[] weight, int slots) {
        int[] floor = Quota.floor(weight, slots);
        int[] ceil = Quota.ceil(weight, slots);
        long total = Quota.total(weight);
        int n = weight.length;
        int[] target = new int[n];
        long sum = 0;
        for (int i = 0; i < n; i++) {
            target[i] = Math.max(floor[i], Math.min(ceil[i], held[i]));
            sum += target[i];
        }
        if (sum == slots) {
            return target;
        }
        Integer[] order = new Integer[n];
        long[] remainder = new long[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
            remainder[i] = (long) slots * weight[i] % total;
        }
        // Raising prefers the largest remainders, lowering the smallest, as largest-remainder
        // quotas would; ties go to the smaller key, so every node chooses alike.
        boolean raise = sum < slots;
        Arrays.sort(order, (a, b) -> remainder[a] != remainder[b]
                ? (raise ? Long.compare(remainder[b], remainder[a]) : Long.compare(remainder[a], remainder[b]))
                : Integer.compare(a, b));
        for (int k = 0; k < n && sum != slots; k++) {
            int i = order[k];
            if (raise && target[i] < ceil[i]) {
                target[i]++;
                sum++;
            } else if (!raise && target[i] > floor[i]) {
                target[i]--;
                sum--;
            }
        }
        if (sum != slots) {
            throw new IllegalStateException("quota targets sum to " + sum + " (expected: " + slots + ")");
        }
        return target;
    }

    /** Frees the least wanted slots of members above their target, and every slot with no owner. */
    private static int[] release(int[] owners, int[] held, int[] target, long[] seeds) {
        int n = held.length;
        List<List<Long>> ranked = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            ranked.add(held[i] > target[i] ? new ArrayList<>() : null);
        }
        int free = 0;
        for (int slot = 0; slot < owners.length; slot++) {
            int o = owners[slot];
            if (o < 0) {
                free++;
            } else if (ranked.get(o) != null) {
                ranked.get(o).add(Hashing.rankKey(seeds[o], slot));
            }
        }
        for (int i = 0; i < n; i++) {
            if (ranked.get(i) != null) {
                List<Long> keys = ranked.get(i);
                keys.sort(null);
                for (int k = 0; k < held[i] - target[i]; k++) {
                    owners[Hashing.slotOf(keys.get(k))] = -1;
                }
                free += held[i] - target[i];
                held[i] = target[i];
            }
        }
        int[] freed = new int[free];
        for (int slot = 0, k = 0; slot < owners.length; slot++) {
            if (owners[slot] < 0) {
                freed[k++] = slot;
            }
        }
        return freed;
    }

    /** Members below their target take the freed slots, in the pool's slot order. */
    private static void take(int[] owners, int[] held, int[] target, int[] freed, long poolSeed) {
        long[] order = new long[freed.length];
        for (int k = 0; k < freed.length; k++) {
            order[k] = Hashing.rankKey(poolSeed, freed[k]);
        }
        Arrays.sort(order);
        int next = 0;
        for (int i = 0; i < held.length; i++) {
            for (; held[i] < target[i]; held[i]++) {
                owners[Hashing.slotOf(order[next++])] = i;
            }
        }
        if (next != freed.length) {
            throw new IllegalStateException("slots left unowned: " + (freed.length - next) + " (expected: 0)");
        }
    }
}
