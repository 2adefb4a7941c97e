package io.rxhealth.weighting.maglev;

import io.rxhealth.weighting.maglev.reference.Cilium;
import io.rxhealth.weighting.maglev.reference.Envoy;
import io.rxhealth.weighting.maglev.reference.ExactQuota;
import io.rxhealth.weighting.maglev.reference.KatranV2;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The benchmark matrix of docs/maglev.md: ours and the reference weighted Maglevs (Katran V2, Envoy,
 * Cilium, plain exact-quota) on the same seeded pools and events, per table size M, pool size N,
 * configured-weight profile and event kind. Per cell and layout: total moved / total per-event
 * minimum, moves per event between members the event did not touch, the largest deviation from
 * the quota {@code M * w / W} over every table built.
 *
 * <pre>
 * java -cp weighting/target/test-classes:weighting/target/classes \
 *     io.rxhealth.weighting.maglev.ReferenceMatrix [scale] [threads] [M,M,...] [N,N,...]
 * </pre>
 * {@code scale} multiplies the seeds per cell (1 by default: 4 to 100 seeds, fewer where a cell
 * costs more, as printed); {@code threads} defaults to 2. {@code -Dvariants} adds layout version
 * 1's step 4 as a column.
 */
public final class ReferenceMatrix {
    static final int[] TABLES = {1024, 4093, 65536};
    static final int[] SIZES = {2, 4, 7, 31, 100, 257, 1000};
    static final String[] PROFILES = {"uniform", "random", "realistic"};
    static final String[] EVENTS = {"drain", "change", "recover", "deg-drain", "deg-change", "deg-recover",
        "seq40", "cfg-weight", "cfg-add", "cfg-remove"};
    static final int SEQUENCE = 40;

    static final Map<String, Disruption.Layouter> LAYOUTS = new LinkedHashMap<>();

    static {
        LAYOUTS.put("ours", Maglev::layout);
        if (System.getProperty("variants") != null) {
            LAYOUTS.put("ours-v1-step4", (p, m, s) -> Maglev.layout(p, m, s, false));
        }
        LAYOUTS.put("katran-v2", KatranV2::layout);
        LAYOUTS.put("envoy", Envoy::layout);
        LAYOUTS.put("cilium", Cilium::layout);
        LAYOUTS.put("exact-quota", ExactQuota::layout);
    }

    /** Totals of one layout over one cell. */
    static final class Tally {
        long moved;
        long minimum;
        long collateral;
        long events;
        double deviation;

        void add(Tally o) {
            moved += o.moved;
            minimum += o.minimum;
            collateral += o.collateral;
            events += o.events;
            deviation = Math.max(deviation, o.deviation);
        }

        double ratio() {
            return minimum == 0 ? 1.0 : (double) moved / minimum;
        }

        double collateralPerEvent() {
            return events == 0 ? 0 : (double) collateral / events;
        }
    }

    record Cell(int slots, int n, String profile, String event) {
    }

    /** One pool state: keys (any order), current and configured weights. */
    record State(List<String> keys, int[] weights, int[] home) {
        List<Member> members() {
            return Pools.members(keys, weights, home);
        }

        State copy() {
            return new State(new ArrayList<>(keys), weights.clone(), home.clone());
        }
    }

    /** One change of state: the member it touches (by key) and the state after. */
    record Step(String touched, State after) {
    }

    /** The events of one seed of a cell, or null when the pool admits no such event. */
    static List<Step> scenario(Cell cell, Random random, State[] start) {
        int n = cell.n();
        List<String> keys = Pools.keys(random, n);
        int[] home = homeWeights(cell.profile(), random, n);
        State healthy = new State(keys, home.clone(), home);
        State s = healthy.copy();
        List<Step> steps = new ArrayList<>();
        switch (cell.event()) {
            case "drain", "change", "recover" -> {
                int j = random.nextInt(n);
                if (cell.event().equals("recover")) {
                    s.weights()[j] = 0;
                    start[0] = s;
                    steps.add(new Step(keys.get(j), healthy));
                    return n < 2 ? null : steps;
                }
                start[0] = healthy;
                State after = healthy.copy();
                after.weights()[j] = cell.event().equals("drain") ? 0 : otherWeight(random, home[j], home[j]);
                steps.add(new Step(keys.get(j), after));
            }
            case "deg-drain", "deg-change", "deg-recover" -> {
                int degraded = Math.max(1, (int) Math.round(n * (0.1 + 0.2 * random.nextDouble())));
                List<Integer> order = shuffled(random, n);
                for (int k = 0; k < degraded; k++) {
                    int j = order.get(k);
                    s.weights()[j] = home[j] * Pools.WEIGHTS[1 + random.nextInt(3)] / 100;
                }
                start[0] = s;
                State after = s.copy();
                int j;
                if (cell.event().equals("deg-recover")) {
                    j = order.get(random.nextInt(degraded));
                    after.weights()[j] = home[j];
                } else {
                    // An event on a member not yet touched by the degradation.
                    if (degraded >= n) {
                        return null;
                    }
                    j = order.get(degraded + random.nextInt(n - degraded));
                    after.weights()[j] = cell.event().equals("deg-drain") ? 0
                            : otherWeight(random, home[j], home[j]);
                }
                if (Quota.total(after.weights()) == 0 || Quota.total(s.weights()) == 0) {
                    return null;
                }
                steps.add(new Step(keys.get(j), after));
            }
            case "seq40" -> {
                start[0] = healthy;
                for (int e = 0; e < SEQUENCE; e++) {
                    State after = s.copy();
                    int j;
                    do {
                        j = random.nextInt(n);
                        after.weights()[j] = otherWeight(random, home[j], s.weights()[j]);
                        if (Quota.total(after.weights()) == 0) {
                            after.weights()[j] = s.weights()[j];
                            j = -1;
                        }
                    } while (j < 0);
                    steps.add(new Step(keys.get(j), after));
                    s = after;
                }
            }
            case "cfg-weight" -> {
                start[0] = healthy;
                int j = random.nextInt(n);
                State after = healthy.copy();
                int changed = Math.max(1, home[j] / 2);
                if (changed == home[j]) {
                    changed = home[j] + 1;
                }
                after.weights()[j] = changed;
                after.home()[j] = changed;
                steps.add(new Step(keys.get(j), after));
            }
            case "cfg-add" -> {
                start[0] = healthy;
                List<String> more = Pools.keys(random, n + 1);
                String added = more.stream().filter(k -> !keys.contains(k)).findFirst().orElseThrow();
                List<String> newKeys = new ArrayList<>(keys);
                newKeys.add(added);
                int w = homeWeights(cell.profile(), random, 1)[0];
                int[] newHome = java.util.Arrays.copyOf(home, n + 1);
                newHome[n] = w;
                steps.add(new Step(added, new State(newKeys, newHome.clone(), newHome)));
            }
            case "cfg-remove" -> {
                if (n < 2) {
                    return null;
                }
                start[0] = healthy;
                int j = random.nextInt(n);
                List<String> newKeys = new ArrayList<>(keys);
                newKeys.remove(j);
                int[] newHome = new int[n - 1];
                for (int i = 0, k = 0; i < n; i++) {
                    if (i != j) {
                        newHome[k++] = home[i];
                    }
                }
                steps.add(new Step(keys.get(j), new State(newKeys, newHome.clone(), newHome)));
            }
            default -> throw new IllegalArgumentException("event: " + cell.event());
        }
        return steps;
    }

    static int[] homeWeights(String profile, Random random, int n) {
        int[] w = new int[n];
        for (int i = 0; i < n; i++) {
            w[i] = switch (profile) {
                case "uniform" -> 100;
                case "random" -> 1 + random.nextInt(200);
                case "realistic" -> new int[] {100, 100, 75, 50}[random.nextInt(4)];
                default -> throw new IllegalArgumentException("profile: " + profile);
            };
        }
        return w;
    }

    /** home * one of 100/75/50/0 % other than {@code current}; never 0 for a single member. */
    static int otherWeight(Random random, int home, int current) {
        int w;
        do {
            w = home * Pools.WEIGHTS[random.nextInt(Pools.WEIGHTS.length)] / 100;
        } while (w == current);
        return w;
    }

    static List<Integer> shuffled(Random random, int n) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            order.add(i);
        }
        java.util.Collections.shuffle(order, random);
        return order;
    }

    /** Seeds per cell: fewer where a cell builds more or larger tables. */
    static int seeds(Cell cell, double scale) {
        int layouts = cell.event().equals("seq40") ? SEQUENCE + 1 : 2;
        double cost = (double) cell.slots() * layouts * (1 + cell.n() / 250.0);
        return (int) Math.max(4, Math.min(100, Math.round(scale * 3e6 / cost)));
    }

    static Map<String, Tally> run(Cell cell, int seeds) {
        Map<String, Tally> tallies = new LinkedHashMap<>();
        LAYOUTS.keySet().forEach(k -> tallies.put(k, new Tally()));
        int done = 0;
        for (long seed = 0; done < seeds && seed < 10L * seeds; seed++) {
            var random = new Random(seed * 1_000_003L + cell.hashCode());
            State[] start = new State[1];
            List<Step> steps = scenario(cell, random, start);
            if (steps == null) {
                continue;
            }
            done++;
            String pool = "pool-" + seed;
            for (var entry : LAYOUTS.entrySet()) {
                Tally t = tallies.get(entry.getKey());
                State s = start[0];
                SlotTable table = entry.getValue().layout(pool, s.members(), cell.slots());
                t.deviation = Math.max(t.deviation, Disruption.maxQuotaDeviation(table, s.members()));
                for (Step step : steps) {
                    SlotTable next = entry.getValue().layout(pool, step.after().members(), cell.slots());
                    t.deviation = Math.max(t.deviation,
                            Disruption.maxQuotaDeviation(next, step.after().members()));
                    t.moved += Disruption.moved(table, next);
                    t.collateral += Disruption.movedBetweenOthers(table, next, step.touched());
                    t.minimum += minimum(s, step.after(), cell.slots());
                    t.events++;
                    table = next;
                    s = step.after();
                }
            }
        }
        return tallies;
    }

    /** Sum over keys of max(0, new quota - old quota), largest-remainder quotas, absent = weight 0. */
    static long minimum(State before, State after, int slots) {
        Map<String, Integer> old = quotas(before, slots);
        Map<String, Integer> now = quotas(after, slots);
        long minimum = 0;
        for (var e : now.entrySet()) {
            minimum += Math.max(0, e.getValue() - old.getOrDefault(e.getKey(), 0));
        }
        return minimum;
    }

    static Map<String, Integer> quotas(State s, int slots) {
        List<Member> sorted = new ArrayList<>(s.members());
        sorted.sort(null);
        int[] q = Quota.largestRemainder(sorted.stream().mapToInt(Member::weight).toArray(), slots);
        Map<String, Integer> result = new HashMap<>();
        for (int i = 0; i < q.length; i++) {
            result.put(sorted.get(i).key(), q[i]);
        }
        return result;
    }

    public static void main(String[] args) throws Exception {
        double scale = args.length > 0 ? Double.parseDouble(args[0]) : 1;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int[] tables = args.length > 2 ? parse(args[2]) : TABLES;
        int[] sizes = args.length > 3 ? parse(args[3]) : SIZES;
        List<Cell> cells = new ArrayList<>();
        for (int m : tables) {
            for (int n : sizes) {
                for (String p : PROFILES) {
                    for (String e : EVENTS) {
                        cells.add(new Cell(m, n, p, e));
                    }
                }
            }
        }
        long started = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<Map<String, Tally>>> results = new ArrayList<>();
        for (Cell c : cells) {
            results.add(pool.submit(() -> run(c, seeds(c, scale))));
        }
        System.out.println("ratio = total moved / total per-event minimum; (c) = moves per event between"
                + " members the event did not touch; * = ours behind the best reference");
        List<String> behind = new ArrayList<>();
        Map<String, Map<String, Double>> deviation = new LinkedHashMap<>();
        int lastSlots = -1;
        for (int i = 0; i < cells.size(); i++) {
            Cell c = cells.get(i);
            Map<String, Tally> t = results.get(i).get();
            if (c.slots() != lastSlots) {
                lastSlots = c.slots();
                System.out.printf("%n### M = %d%n%n| N | weights | event | seeds |", c.slots());
                LAYOUTS.keySet().forEach(k -> System.out.print(" " + k + " |"));
                System.out.print("\n|---|---|---|---|");
                LAYOUTS.keySet().forEach(k -> System.out.print("---|"));
                System.out.println();
            }
            Tally ours = t.get("ours");
            double bestRatio = Double.MAX_VALUE;
            double bestCollateral = Double.MAX_VALUE;
            for (var e : t.entrySet()) {
                if (!e.getKey().startsWith("ours")) {
                    bestRatio = Math.min(bestRatio, e.getValue().ratio());
                    bestCollateral = Math.min(bestCollateral, e.getValue().collateralPerEvent());
                }
                deviation.computeIfAbsent(c.slots() + " x " + c.n(), k -> new LinkedHashMap<>())
                        .merge(e.getKey(), e.getValue().deviation, Math::max);
            }
            // Behind: more than 0.5 % more moves than the best reference, or more collateral moves.
            boolean late = ours.ratio() > bestRatio * 1.005 + 1e-9
                    || ours.collateralPerEvent() > bestCollateral + 0.005;
            System.out.printf(Locale.ROOT, "| %d | %s | %s | %d |", c.n(), c.profile(), c.event(),
                    t.get("ours").events / Math.max(1, c.event().equals("seq40") ? SEQUENCE : 1));
            for (var e : t.entrySet()) {
                System.out.printf(Locale.ROOT, " %.3f (%.2f)%s |", e.getValue().ratio(),
                        e.getValue().collateralPerEvent(), e.getKey().equals("ours") && late ? " *" : "");
            }
            System.out.println();
            if (late) {
                behind.add(String.format(Locale.ROOT, "M=%d N=%d %s %s: ours %.3f (%.2f), best reference %.3f (%.2f)",
                        c.slots(), c.n(), c.profile(), c.event(), ours.ratio(), ours.collateralPerEvent(),
                        bestRatio, bestCollateral));
            }
        }
        pool.shutdown();
        System.out.printf("%n### Largest deviation from the quota M*w/W, slots, over every table of the cells%n%n| M x N |");
        LAYOUTS.keySet().forEach(k -> System.out.print(" " + k + " |"));
        System.out.print("\n|---|");
        LAYOUTS.keySet().forEach(k -> System.out.print("---|"));
        System.out.println();
        deviation.forEach((k, v) -> {
            System.out.print("| " + k + " |");
            v.values().forEach(d -> System.out.printf(Locale.ROOT, " %.3f |", d));
            System.out.println();
        });
        System.out.printf("%n### Cells where ours is behind the best reference: %d of %d%n%n", behind.size(), cells.size());
        behind.forEach(b -> System.out.println("- " + b));
        System.out.printf(Locale.ROOT, "%nrun time %.0f s, %d threads, scale %.2f%n",
                (System.nanoTime() - started) / 1e9, threads, scale);
    }

    static int[] parse(String list) {
        return java.util.Arrays.stream(list.split(",")).mapToInt(Integer::parseInt).toArray();
    }
}
