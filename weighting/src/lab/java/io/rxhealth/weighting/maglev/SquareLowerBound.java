package io.rxhealth.weighting.maglev;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A lower bound on the 40-event ratio (moved / per-event minimum, docs/maglev.md) that holds for
 * EVERY history-independent exact-quota layout, computed exactly on a small pool, next to the
 * exact expected ratio of {@link Maglev#layout} on the same pool.
 *
 * <p>The argument. A history-independent layout is one table f(P) per pool state P. Pair the events
 * of a sequence as (1, 2), (3, 4), ... From state P, the ordered event pairs (e1, e2) and (e2, e1)
 * on different members are equally likely and lead to the same state D = P + e1 + e2, so their
 * expected cost is half the cost of the square P, P+e1, D, P+e2 walked around; that square costs at
 * least the fewest moves any four exact-quota tables (one per corner) can have around it. Two events
 * on the same member cost at least the cheapest two-step path (with f(D) = f(P) when the member
 * returns to its weight). Summing over the exact distribution of states after t events gives a
 * bound on the expected moved total; the denominator is the expected sum of the per-event minimums
 * exactly as {@link Disruption#minimum} defines them.
 *
 * <p>The cheapest square: only how many slots fall in each (owner in P, owner in D) class matters,
 * so the program enumerates the counts at P and D (each member at the floor or the ceiling) and
 * every contingency table of those counts; the best owners at P+e1 and at P+e2 are then each a
 * small min-cost flow with the floor..ceil bounds. Run after {@code mvn -pl weighting test-compile}:
 * {@code java -cp weighting/target/test-classes:weighting/target/classes
 * io.rxhealth.weighting.maglev.SquareLowerBound [members] [slots] [events] [--layout-only]} (default
 * 3 7 40; {@code --layout-only} skips the bound, which is only tractable for a few members and slots).
 */
public final class SquareLowerBound {
    private final SmallPool small;
    private final int n;
    private final int slots;
    private final int states;
    private final Map<Long, Integer> squares = new HashMap<>();

    private SquareLowerBound(int n, int slots) {
        this.n = n;
        this.slots = slots;
        this.small = new SmallPool(n, slots);
        this.states = small.states;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int slots = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        int events = args.length > 2 ? Integer.parseInt(args[2]) : 40;
        boolean bound = args.length <= 3 || !args[3].equals("--layout-only");
        new SquareLowerBound(n, slots).report(events, bound);
    }

    private void report(int events, boolean withBound) {
        double[] dist = new double[states];
        dist[0] = 1; // every member at weight 100 (digit 0)
        double minimum = 0;
        double bound = 0;
        double ours = 0;
        double flexible = 0;
        SlotTable[] table = new SlotTable[states];
        for (int p = 0; p < states; p++) {
            table[p] = Maglev.layout("pool-small", small.pool(p), slots);
        }
        double step = 1.0 / small.events;
        for (int t = 0; t < events; t++) {
            double[] next = new double[states];
            for (int p = 0; p < states; p++) {
                if (dist[p] == 0) {
                    continue;
                }
                for (int e = 0; e < small.events; e++) {
                    int q = small.apply(p, e);
                    next[q] += dist[p] * step;
                    minimum += dist[p] * step * Disruption.minimum(small.pool(p), small.pool(q), slots);
                    ours += dist[p] * step * Disruption.moved(table[p], table[q]);
                    if (!withBound) {
                        continue;
                    }
                    flexible += dist[p] * step * pathCost(p, q, q);
                    if (t % 2 == 0 && t + 1 < events) {
                        for (int e2 = 0; e2 < small.events; e2++) {
                            bound += dist[p] * step * step * pairCost(p, e, e2);
                        }
                    }
                }
            }
            dist = next;
        }
        System.out.printf("%d members at home weight 100, %d slots, %d events, weights 100/75/50/0%n", n, slots, events);
        System.out.printf("expected sum of per-event minimums:                 %.4f%n", minimum);
        if (withBound) {
            System.out.printf("fewest moves per event, counts free (no history):   %.4f (%.3fx)%n", flexible, flexible / minimum);
            System.out.printf("lower bound, any history-independent layout:        %.4f (%.3fx)%n", bound, bound / minimum);
        }
        System.out.printf("Maglev.layout, exact expectation:                   %.4f (%.3fx)%n", ours, ours / minimum);
    }

    /** Half the cheapest square for events on different members; the cheapest two-step path otherwise. */
    private double pairCost(int p, int e1, int e2) {
        int b = small.apply(p, e1);
        int d = small.apply(b, e2);
        if (SmallPool.memberOf(e1) == SmallPool.memberOf(e2)) {
            return pathCost(p, b, d);
        }
        int c = small.apply(p, e2);
        long key = ((long) p * states + Math.min(b, c)) * states + Math.max(b, c);
        return squares.computeIfAbsent(key, k -> squareCost(p, b, c, d)) / 2.0;
    }

    /** Fewest moves of P -> B -> D over exact-quota tables (f(D) = f(P) when D is P). */
    private int pathCost(int p, int b, int d) {
        return cheapest(p, d, b, -1);
    }

    private int squareCost(int p, int b, int c, int d) {
        return cheapest(p, d, b, c);
    }

    /** Owners 0..n-1, and n for "unowned" (all slots when every weight is 0). */
    private int[][] bounds(int state) {
        int[] w = small.weights(state);
        int[] lo = Arrays.copyOf(Quota.floor(w, slots), n + 1);
        int[] hi = Arrays.copyOf(Quota.ceil(w, slots), n + 1);
        if (Quota.total(w) == 0) {
            lo[n] = slots;
            hi[n] = slots;
        }
        return new int[][] {lo, hi};
    }

    private int cheapest(int p, int d, int b, int c) {
        int[][] bp = bounds(p);
        int[][] bd = bounds(d);
        int[][] bb = bounds(b);
        int[][] bc = c < 0 ? null : bounds(c);
        int best = Integer.MAX_VALUE;
        for (int[] countP : counts(bp)) {
            for (int[] countD : p == d ? List.of(countP) : counts(bd)) {
                for (int[][] classes : contingency(countP, countD, p == d)) {
                    int cost = flow(classes, bb);
                    if (bc != null && cost < best) {
                        cost += flow(classes, bc);
                    }
                    best = Math.min(best, cost);
                }
            }
        }
        return best;
    }

    /** Every count vector with lo <= count <= hi summing to the table size. */
    private List<int[]> counts(int[][] bounds) {
        List<int[]> out = new ArrayList<>();
        countsFrom(bounds, 0, new int[n + 1], 0, out);
        return out;
    }

    private void countsFrom(int[][] bounds, int i, int[] count, int sum, List<int[]> out) {
        if (i == n + 1) {
            if (sum == slots) {
                out.add(count.clone());
            }
            return;
        }
        for (int v = bounds[0][i]; v <= bounds[1][i]; v++) {
            count[i] = v;
            countsFrom(bounds, i + 1, count, sum + v, out);
        }
    }

    /** Every (n+1)x(n+1) table of non-negative counts with the given row and column sums. */
    private List<int[][]> contingency(int[] rows, int[] cols, boolean diagonal) {
        List<int[][]> out = new ArrayList<>();
        int m = n + 1;
        if (diagonal) {
            int[][] t = new int[m][m];
            for (int i = 0; i < m; i++) {
                t[i][i] = rows[i];
            }
            out.add(t);
            return out;
        }
        fill(new int[m][m], rows, cols.clone(), 0, 0, rows[0], out);
        return out;
    }

    private void fill(int[][] t, int[] rows, int[] colLeft, int i, int j, int rowLeft, List<int[][]> out) {
        int m = n + 1;
        if (i == m) {
            for (int v : colLeft) {
                if (v != 0) {
                    return;
                }
            }
            int[][] copy = new int[m][];
            for (int r = 0; r < m; r++) {
                copy[r] = t[r].clone();
            }
            out.add(copy);
            return;
        }
        if (j == m - 1) {
            if (rowLeft > colLeft[j]) {
                return;
            }
            t[i][j] = rowLeft;
            colLeft[j] -= rowLeft;
            fill(t, rows, colLeft, i + 1, 0, i + 1 < m ? rows[i + 1] : 0, out);
            colLeft[j] += rowLeft;
            t[i][j] = 0;
            return;
        }
        for (int v = 0; v <= Math.min(rowLeft, colLeft[j]); v++) {
            t[i][j] = v;
            colLeft[j] -= v;
            fill(t, rows, colLeft, i, j + 1, rowLeft - v, out);
            colLeft[j] += v;
        }
        t[i][j] = 0;
    }

    /**
     * Fewest moves d(P, X) + d(X, D) over tables X with floor..ceil counts, given how many slots have
     * owner i in P and j in D: a transportation problem from the (i, j) classes to X's owners, a
     * slot of class (i, j) given to k costing [k != i] + [k != j].
     */
    private int flow(int[][] classes, int[][] bounds) {
        int m = n + 1;
        int[] left = new int[m * m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                left[i * m + j] = classes[i][j];
            }
        }
        int[] lo = bounds[0];
        int[] hi = bounds[1];
        int[] held = new int[m];
        int[][] sent = new int[m * m][m];
        int cost = 0;
        final int big = 1000;
        // Successive shortest paths on the residual graph: source -> class -> owner -> sink.
        for (int unit = 0; unit < slots; unit++) {
            int nodes = m * m + m + 1;
            int sink = m * m + m;
            long[] dist = new long[nodes];
            int[] pred = new int[nodes];
            Arrays.fill(dist, Long.MAX_VALUE / 4);
            Arrays.fill(pred, -1);
            for (int cl = 0; cl < m * m; cl++) {
                if (left[cl] > 0) {
                    dist[cl] = 0;
                    pred[cl] = -2;
                }
            }
            for (int round = 0; round < nodes; round++) {
                boolean changed = false;
                for (int cl = 0; cl < m * m; cl++) {
                    if (dist[cl] >= Long.MAX_VALUE / 4) {
                        continue;
                    }
                    for (int k = 0; k < m; k++) {
                        long nd = dist[cl] + unitCost(cl, k, m);
                        if (nd < dist[m * m + k]) {
                            dist[m * m + k] = nd;
                            pred[m * m + k] = cl;
                            changed = true;
                        }
                    }
                }
                for (int k = 0; k < m; k++) {
                    int node = m * m + k;
                    if (dist[node] >= Long.MAX_VALUE / 4) {
                        continue;
                    }
                    for (int cl = 0; cl < m * m; cl++) {
                        if (sent[cl][k] > 0) {
                            long nd = dist[node] - unitCost(cl, k, m);
                            if (nd < dist[cl]) {
                                dist[cl] = nd;
                                pred[cl] = node;
                                changed = true;
                            }
                        }
                    }
                    if (held[k] < hi[k]) {
                        long nd = dist[node] + (held[k] < lo[k] ? -big : 0);
                        if (nd < dist[sink]) {
                            dist[sink] = nd;
                            pred[sink] = node;
                            changed = true;
                        }
                    }
                }
                if (!changed) {
                    break;
                }
            }
            if (pred[sink] == -1) {
                return Integer.MAX_VALUE / 4;
            }
            int owner = pred[sink] - m * m;
            held[owner]++;
            int node = pred[sink];
            while (true) {
                int cl = pred[node];
                int k = node - m * m;
                sent[cl][k]++;
                cost += unitCost(cl, k, m);
                if (pred[cl] == -2) {
                    left[cl]--;
                    break;
                }
                int back = pred[cl];
                sent[cl][back - m * m]--;
                cost -= unitCost(cl, back - m * m, m);
                node = back;
            }
        }
        for (int k = 0; k < m; k++) {
            if (held[k] < lo[k] || held[k] > hi[k]) {
                return Integer.MAX_VALUE / 4;
            }
        }
        return cost;
    }

    private static int unitCost(int cl, int k, int m) {
        return (k != cl / m ? 1 : 0) + (k != cl % m ? 1 : 0);
    }
}
