package io.rxhealth.weighting.maglev;

import io.rxhealth.weighting.maglev.reference.KatranV2;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The balance and disruption figures of a layout function over seeded random pools: computed by
 * the property tests (which assert on them) and printed by {@link FiguresReport} for docs/maglev.md.
 */
final class Figures {
    static final Disruption.Layouter HOME = Maglev::layout;
    /** Our exact-quota permutation fill without home slots: the layout recomputed from current weights. */
    static final Disruption.Layouter PLAIN = (pool, members, slots) -> Maglev.layout(pool,
            members.stream().map(m -> new Member(m.key(), m.weight())).toList(), slots);
    static final Disruption.Layouter CLASSIC = KatranV2::layout;

    private Figures() {
    }

    /** Largest |held - M*w/W| over pools of 2..200 members with random weights 1..200. */
    static double balance(Disruption.Layouter layouter, long seed, int slots) {
        var random = new Random(seed);
        int n = 2 + random.nextInt(199);
        int[] weights = Pools.randomWeights(random, n);
        // Some members drained, as in a live pool.
        for (int i = 0; i < n; i++) {
            if (random.nextInt(10) == 0) {
                weights[i] = 0;
            }
        }
        List<Member> members = Pools.members(Pools.keys(random, n), weights, Pools.randomWeights(random, n));
        return Disruption.maxQuotaDeviation(layouter.layout("pool-" + seed, members, slots), members);
    }

    /** Slots moved between survivors when one member of an all-healthy pool drops to weight 0. */
    record Drain(int worstBetweenSurvivors, int configRemovalBetweenSurvivors) {
    }

    static Drain drain(Disruption.Layouter layouter, long seed, int n, int slots) {
        var random = new Random(seed);
        List<String> keys = Pools.keys(random, n);
        int[] home = Pools.randomWeights(random, n);
        String pool = "pool-" + seed;
        SlotTable healthy = layouter.layout(pool, Pools.members(keys, home, home), slots);
        int worst = 0;
        int worstRemoval = 0;
        for (int round = 0; round < 5; round++) {
            int j = random.nextInt(n);
            int[] weights = home.clone();
            weights[j] = 0;
            SlotTable drained = layouter.layout(pool, Pools.members(keys, weights, home), slots);
            worst = Math.max(worst, Disruption.movedBetweenOthers(healthy, drained, keys.get(j)));
            List<Member> removed = new ArrayList<>(Pools.members(keys, home, home));
            removed.remove(j);
            SlotTable without = layouter.layout(pool, removed, slots);
            worstRemoval = Math.max(worstRemoval, Disruption.movedBetweenOthers(healthy, without, keys.get(j)));
        }
        return new Drain(worst, worstRemoval);
    }

    /** A weight change from the all-healthy pool against its bound ceil(|dShare| * M) + 1. */
    record WeightChange(int moved, int bound) {
    }

    static List<WeightChange> weightChanges(Disruption.Layouter layouter, long seed, int n, int slots) {
        var random = new Random(seed);
        List<String> keys = Pools.keys(random, n);
        int[] home = Pools.randomWeights(random, n);
        String pool = "pool-" + seed;
        SlotTable healthy = layouter.layout(pool, Pools.members(keys, home, home), slots);
        long total = Quota.total(home);
        List<WeightChange> changes = new ArrayList<>();
        for (int round = 0; round < 5; round++) {
            int j = random.nextInt(n);
            int[] weights = home.clone();
            weights[j] = Math.max(1, home[j] * (25 + 25 * random.nextInt(5)) / 100);
            long newTotal = total - home[j] + weights[j];
            double delta = Math.abs((double) weights[j] / newTotal - (double) home[j] / total);
            int bound = (int) Math.ceil(delta * slots - 1e-9) + 1;
            SlotTable changed = layouter.layout(pool, Pools.members(keys, weights, home), slots);
            changes.add(new WeightChange(Disruption.moved(healthy, changed), bound));
        }
        return changes;
    }

    /** Totals over a sequence of events: slots moved, the per-event minimums, the tight minimums. */
    record Sequence(long moved, long minimum, long tightMinimum) {
        double ratio() {
            return (double) moved / minimum;
        }

        double tightRatio() {
            return (double) moved / tightMinimum;
        }
    }

    /** Sets a random member to a weight among 100/75/50/0 other than its current one; returns the member. */
    static int randomEvent(Random random, int[] weights) {
        int j = random.nextInt(weights.length);
        int next;
        do {
            next = Pools.WEIGHTS[random.nextInt(Pools.WEIGHTS.length)];
        } while (next == weights[j]);
        weights[j] = next;
        return j;
    }

    /**
     * {@code events} random events on {@code n} members at home weight 100: a random member gets a
     * weight among 100/75/50/0 other than its current one.
     */
    static Sequence sequence(Disruption.Layouter layouter, long seed, int n, int slots, int events) {
        var random = new Random(seed);
        List<String> keys = Pools.keys(random, n);
        int[] home = Pools.filled(n, 100);
        int[] weights = home.clone();
        String pool = "pool-" + seed;
        List<Member> members = Pools.members(keys, weights, home);
        SlotTable table = layouter.layout(pool, members, slots);
        long moved = 0;
        long minimum = 0;
        long tight = 0;
        for (int e = 0; e < events; e++) {
            randomEvent(random, weights);
            List<Member> after = Pools.members(keys, weights, home);
            SlotTable nextTable = layouter.layout(pool, after, slots);
            moved += Disruption.moved(table, nextTable);
            minimum += Disruption.minimum(members, after, slots);
            tight += Disruption.tightMinimum(table, after);
            members = after;
            table = nextTable;
        }
        return new Sequence(moved, minimum, tight);
    }
}
