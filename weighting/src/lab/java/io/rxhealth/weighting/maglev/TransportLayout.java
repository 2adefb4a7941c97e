package io.rxhealth.weighting.maglev;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A variant tried against the 40-event target: the exact-quota table that maximises the sum of
 * per-(slot, owner) scores, every member holding the floor or the ceiling of its share (a
 * transportation problem; for distinct scores its optimum is unique, so it is a pure function of
 * the pool). Scores: optionally a bonus dominating everything else when the slot is the member's
 * home slot (keep as many home slots as the bounds allow), plus either the member's rank key of
 * the slot or a weighted rendezvous score {@code ln(u) / w}, whose unconstrained argmax already
 * gives each member its share in expectation.
 *
 * <p>Solved by a greedy start (each slot to its best member, then the cheapest single moves until
 * the bounds hold) and cancelling negative cycles over the member graph, where a cycle may pass a
 * virtual node to move one ceiling from one member to another. Far slower than {@link Maglev}
 * (tens of ms at 1024 x 100): it is here for the figures, not for the daemon.
 */
final class TransportLayout {
    private static final long HOME_BONUS = 1L << 52;
    private static final double RENDEZVOUS_SCALE = 1e13;
    private static final long NONE = Long.MIN_VALUE / 4;
    private final boolean homeFirst;
    private final boolean weightedRendezvous;

    TransportLayout(boolean homeFirst, boolean weightedRendezvous) {
        this.homeFirst = homeFirst;
        this.weightedRendezvous = weightedRendezvous;
    }

    SlotTable layout(String poolId, List<Member> members, int slots) {
        List<Member> sorted = new ArrayList<>(members);
        sorted.sort(null);
        int n = sorted.size();
        List<String> keys = sorted.stream().map(Member::key).toList();
        int[] weight = sorted.stream().mapToInt(Member::weight).toArray();
        int[] owners = SlotTable.filled(slots);
        if (Quota.total(weight) == 0) {
            return new SlotTable(keys, owners);
        }
        int[] homeWeights = sorted.stream().mapToInt(Member::homeWeight).toArray();
        int[] home = PermutationFill.fill(poolId, sorted, Quota.largestRemainder(homeWeights, slots), homeWeights,
                slots);
        long[][] score = new long[slots][n];
        for (int i = 0; i < n; i++) {
            long seed = Hashing.hash(poolId, keys.get(i), Hashing.SALT_RANK);
            for (int s = 0; s < slots; s++) {
                score[s][i] = weight[i] == 0 ? NONE
                        : base(seed, s, weight[i]) + (homeFirst && home[s] == i ? HOME_BONUS : 0);
            }
        }
        int[] floor = Quota.floor(weight, slots);
        int[] ceil = Quota.ceil(weight, slots);
        int[] count = new int[n];
        greedyStart(score, owners, count, floor, ceil, weight);
        cancelNegativeCycles(score, owners, count, floor, ceil, weight);
        return new SlotTable(keys, owners);
    }

    private long base(long seed, int slot, int weight) {
        if (!weightedRendezvous) {
            return Hashing.rankKey(seed, slot) >>> 21;
        }
        double u = ((Hashing.slotHash(seed, slot) >>> 11) + 0.5) / (1L << 53);
        return (long) (RENDEZVOUS_SCALE * StrictMath.log(u) / weight);
    }

    /** Every slot to its best member, then the cheapest single moves until every member is within bounds. */
    private static void greedyStart(long[][] score, int[] owners, int[] count, int[] floor, int[] ceil, int[] weight) {
        int n = count.length;
        for (int s = 0; s < owners.length; s++) {
            int best = -1;
            for (int i = 0; i < n; i++) {
                if (weight[i] > 0 && (best < 0 || score[s][i] > score[s][best])) {
                    best = i;
                }
            }
            owners[s] = best;
            count[best]++;
        }
        while (true) {
            boolean over = false;
            boolean under = false;
            for (int i = 0; i < n; i++) {
                over |= count[i] > ceil[i];
                under |= weight[i] > 0 && count[i] < floor[i];
            }
            if (!over && !under) {
                return;
            }
            long bestLoss = Long.MAX_VALUE;
            int bestSlot = -1;
            int bestTo = -1;
            for (int s = 0; s < owners.length; s++) {
                int i = owners[s];
                if (over ? count[i] <= ceil[i] : count[i] <= floor[i]) {
                    continue;
                }
                for (int j = 0; j < n; j++) {
                    boolean takes = weight[j] > 0 && j != i && (over ? count[j] < ceil[j] : count[j] < floor[j]);
                    if (takes && score[s][i] - score[s][j] < bestLoss) {
                        bestLoss = score[s][i] - score[s][j];
                        bestSlot = s;
                        bestTo = j;
                    }
                }
            }
            count[owners[bestSlot]]--;
            owners[bestSlot] = bestTo;
            count[bestTo]++;
        }
    }

    /**
     * Bellman-Ford over members plus a virtual node z: edge i -> j costs the cheapest loss of moving
     * one of i's slots to j; z -> i exists while i is above its floor, j -> z while j is below its
     * ceiling. A negative cycle is an improving exchange; none left means optimal.
     */
    private static void cancelNegativeCycles(long[][] score, int[] owners, int[] count, int[] floor, int[] ceil,
                                             int[] weight) {
        int n = count.length;
        int z = n;
        long[][] cost = new long[n + 1][n + 1];
        int[][] via = new int[n][n];
        for (int i = 0; i < n; i++) {
            row(i, score, owners, cost, via, weight);
        }
        long[] dist = new long[n + 1];
        int[] pred = new int[n + 1];
        while (true) {
            for (int i = 0; i < n; i++) {
                cost[z][i] = weight[i] > 0 && count[i] > floor[i] ? 0 : Long.MAX_VALUE;
                cost[i][z] = weight[i] > 0 && count[i] < ceil[i] ? 0 : Long.MAX_VALUE;
            }
            cost[z][z] = Long.MAX_VALUE;
            Arrays.fill(dist, 0);
            Arrays.fill(pred, -1);
            int relaxed = -1;
            for (int round = 0; round <= n + 1; round++) {
                relaxed = -1;
                for (int u = 0; u <= n; u++) {
                    for (int v = 0; v <= n; v++) {
                        long c = cost[u][v];
                        if (c != Long.MAX_VALUE && u != v && dist[u] + c < dist[v]) {
                            dist[v] = dist[u] + c;
                            pred[v] = u;
                            relaxed = v;
                        }
                    }
                }
                if (relaxed < 0) {
                    return;
                }
            }
            int onCycle = relaxed;
            for (int k = 0; k <= n; k++) {
                onCycle = pred[onCycle];
            }
            List<Integer> cycle = new ArrayList<>();
            int node = onCycle;
            do {
                cycle.add(node);
                node = pred[node];
            } while (node != onCycle);
            int[] slot = new int[cycle.size()];
            int[] to = new int[cycle.size()];
            int moves = 0;
            for (int v : cycle) {
                int u = pred[v];
                if (u != z && v != z) {
                    slot[moves] = via[u][v];
                    to[moves++] = v;
                }
            }
            for (int k = 0; k < moves; k++) {
                count[owners[slot[k]]]--;
                owners[slot[k]] = to[k];
                count[to[k]]++;
            }
            for (int v : cycle) {
                if (v != z) {
                    row(v, score, owners, cost, via, weight);
                }
            }
        }
    }

    private static void row(int i, long[][] score, int[] owners, long[][] cost, int[][] via, int[] weight) {
        int n = weight.length;
        Arrays.fill(cost[i], 0, n, Long.MAX_VALUE);
        for (int s = 0; s < owners.length; s++) {
            if (owners[s] != i) {
                continue;
            }
            for (int j = 0; j < n; j++) {
                long c = score[s][i] - score[s][j];
                if (j != i && weight[j] > 0 && c < cost[i][j]) {
                    cost[i][j] = c;
                    via[i][j] = s;
                }
            }
        }
    }
}
