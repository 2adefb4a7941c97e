package io.rxhealth.weighting.maglev;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The other side of {@link SquareLowerBound}: how few moves SOME history-independent exact-quota
 * layout achieves on a small pool, found by search rather than by a rule. The layout is a free
 * table per pool state; the objective is the exact expected number of moves over the random
 * 40-event sequences (every edge between states weighted by how often the sequences cross it).
 * Iterated conditional modes: starting from a layout, each state in turn gets the
 * exact-quota table with the fewest weighted moves to its neighbours' current tables (a small
 * transportation problem), until no state improves. The result bounds the best possible ratio
 * from above, as {@link SquareLowerBound} bounds it from below. Run after
 * {@code mvn -pl weighting test-compile}:
 * {@code java -cp weighting/target/test-classes:weighting/target/classes
 * io.rxhealth.weighting.maglev.LabelingSearch [members] [slots] [events] [home|plain|transport]}
 * (default 6 64 40 home: the search starts from {@link Maglev#layout}, the plain exact-quota
 * Maglev or {@link TransportLayout}).
 */
public final class LabelingSearch {
    private static final double EPSILON = 1e-12;
    private final SmallPool small;
    private final int n;
    private final int slots;
    private final int states;

    private LabelingSearch(int n, int slots) {
        this.n = n;
        this.slots = slots;
        this.small = new SmallPool(n, slots);
        this.states = small.states;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 6;
        int slots = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        int events = args.length > 2 ? Integer.parseInt(args[2]) : 40;
        String start = args.length > 3 ? args[3] : "home";
        Disruption.Layouter layouter = switch (start) {
            case "home" -> Figures.HOME;
            case "plain" -> Figures.PLAIN;
            case "transport" -> new TransportLayout(true, false)::layout;
            default -> throw new IllegalArgumentException("start: " + start + " (expected: home, plain or transport)");
        };
        new LabelingSearch(n, slots).run(events, layouter, start);
    }

    private void run(int events, Disruption.Layouter start, String startName) {
        List<String> keys = small.keys;
        // visits[p]: expected number of events taken from state p; each goes to one of n * 3 neighbours.
        double[] visits = new double[states];
        double[] dist = new double[states];
        dist[0] = 1;
        double step = 1.0 / small.events;
        double minimum = 0;
        for (int t = 0; t < events; t++) {
            double[] next = new double[states];
            for (int p = 0; p < states; p++) {
                if (dist[p] == 0) {
                    continue;
                }
                visits[p] += dist[p];
                for (int e = 0; e < small.events; e++) {
                    int q = small.apply(p, e);
                    next[q] += dist[p] * step;
                    minimum += dist[p] * step * Disruption.minimum(small.pool(p), small.pool(q), slots);
                }
            }
            dist = next;
        }
        int[][] table = new int[states][];
        for (int p = 0; p < states; p++) {
            SlotTable layout = start.layout("pool-small", small.pool(p), slots);
            table[p] = new int[slots];
            for (int s = 0; s < slots; s++) {
                String owner = layout.owner(s);
                table[p][s] = owner == null ? n : keys.indexOf(owner);
            }
        }
        System.out.printf("%d members at home weight 100, %d slots, %d events, weights 100/75/50/0%n", n, slots, events);
        System.out.printf("expected sum of per-event minimums: %.4f%n", minimum);
        double cost = cost(table, visits, step);
        System.out.printf("start (%s): %.4f (%.3fx)%n", startName, cost, cost / minimum);
        for (int sweep = 1; ; sweep++) {
            int improved = 0;
            for (int p = 0; p < states; p++) {
                improved += improve(p, table, visits, step) ? 1 : 0;
            }
            cost = cost(table, visits, step);
            System.out.printf("sweep %d: %d states improved, %.4f (%.3fx)%n", sweep, improved, cost, cost / minimum);
            if (improved == 0) {
                break;
            }
        }
    }

    private double cost(int[][] table, double[] visits, double step) {
        double cost = 0;
        for (int p = 0; p < states; p++) {
            for (int e = 0; visits[p] > 0 && e < small.events; e++) {
                int[] a = table[p];
                int[] b = table[small.apply(p, e)];
                int moved = 0;
                for (int s = 0; s < slots; s++) {
                    moved += a[s] != b[s] ? 1 : 0;
                }
                cost += visits[p] * step * moved;
            }
        }
        return cost;
    }

    /** Gives state p the exact-quota table with the fewest weighted moves to its neighbours. */
    private boolean improve(int p, int[][] table, double[] visits, double step) {
        int[] w = small.weights(p);
        if (Quota.total(w) == 0) {
            return false;
        }
        int owners = n + 1;
        double[][] price = new double[slots][owners];
        for (int e = 0; e < small.events; e++) {
            int q = small.apply(p, e);
            // Edges p -> q and q -> p; the event back from q to p is one of q's n * 3 events.
            double weight = (visits[p] + visits[q]) * step;
            if (weight == 0) {
                continue;
            }
            int[] other = table[q];
            for (int s = 0; s < slots; s++) {
                for (int o = 0; o < owners; o++) {
                    price[s][o] += other[s] != o ? weight : 0;
                }
            }
        }
        int[] floor = Arrays.copyOf(Quota.floor(w, slots), owners);
        int[] ceil = Arrays.copyOf(Quota.ceil(w, slots), owners);
        int[] current = table[p];
        int[] best = cheapest(price, floor, ceil, current.clone());
        double before = 0;
        double after = 0;
        for (int s = 0; s < slots; s++) {
            before += price[s][current[s]];
            after += price[s][best[s]];
        }
        if (after < before - EPSILON) {
            table[p] = best;
            return true;
        }
        return false;
    }

    /**
     * Min-cost exact-quota assignment by cancelling negative cycles over the owners (and a virtual
     * node that moves one ceiling), starting from a feasible assignment.
     */
    private static int[] cheapest(double[][] price, int[] floor, int[] ceil, int[] assignment) {
        int owners = floor.length;
        int[] count = new int[owners];
        for (int o : assignment) {
            count[o]++;
        }
        int z = owners;
        while (true) {
            double[][] cost = new double[owners + 1][owners + 1];
            int[][] via = new int[owners][owners];
            for (double[] row : cost) {
                Arrays.fill(row, Double.POSITIVE_INFINITY);
            }
            for (int s = 0; s < assignment.length; s++) {
                int i = assignment[s];
                for (int j = 0; j < owners; j++) {
                    double c = price[s][j] - price[s][i];
                    if (j != i && ceil[j] > 0 && c < cost[i][j]) {
                        cost[i][j] = c;
                        via[i][j] = s;
                    }
                }
            }
            for (int i = 0; i < owners; i++) {
                cost[z][i] = count[i] > floor[i] ? 0 : Double.POSITIVE_INFINITY;
                cost[i][z] = count[i] < ceil[i] ? 0 : Double.POSITIVE_INFINITY;
            }
            double[] d = new double[owners + 1];
            int[] pred = new int[owners + 1];
            Arrays.fill(pred, -1);
            int relaxed = -1;
            for (int round = 0; round <= owners + 1; round++) {
                relaxed = -1;
                for (int u = 0; u <= owners; u++) {
                    for (int v = 0; v <= owners; v++) {
                        if (u != v && d[u] + cost[u][v] < d[v] - EPSILON) {
                            d[v] = d[u] + cost[u][v];
                            pred[v] = u;
                            relaxed = v;
                        }
                    }
                }
                if (relaxed < 0) {
                    return assignment;
                }
            }
            int onCycle = relaxed;
            for (int k = 0; k <= owners; k++) {
                onCycle = pred[onCycle];
            }
            List<int[]> moves = new ArrayList<>();
            int v = onCycle;
            do {
                int u = pred[v];
                if (u != z && v != z) {
                    moves.add(new int[] {via[u][v], v});
                }
                v = u;
            } while (v != onCycle);
            for (int[] move : moves) {
                count[assignment[move[0]]]--;
                assignment[move[0]] = move[1];
                count[move[1]]++;
            }
        }
    }
}
