package io.rxhealth.weighting.maglev;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.weighting.maglev.reference.Envoy;
import io.rxhealth.weighting.maglev.reference.KatranV2;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The guarantees of the layout across the regimes of docs/maglev.md's matrix: small and large
 * pools, uniform, random and realistic configured weights, power-of-two and prime tables. Seeded,
 * so every run checks the same pools.
 */
class MaglevRegimesTest {
    private static final int SEEDS = 12;

    /** Configured weights: uniform 100, random 1..200, or realistic (100/100/75/50). */
    static int[] homeWeights(String profile, Random random, int n) {
        int[] w = new int[n];
        for (int i = 0; i < n; i++) {
            w[i] = switch (profile) {
                case "uniform" -> 100;
                case "random" -> 1 + random.nextInt(200);
                case "realistic" -> new int[] {100, 100, 75, 50}[random.nextInt(4)];
                default -> throw new IllegalArgumentException(profile);
            };
        }
        return w;
    }

    /** A random 10-30 % of the members at 75, 50 or 0 % of their home weight; returns them. */
    static List<Integer> degrade(Random random, int[] weights, int[] home) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < home.length; i++) {
            order.add(i);
        }
        Collections.shuffle(order, random);
        int degraded = Math.max(1, (int) Math.round(home.length * (0.1 + 0.2 * random.nextDouble())));
        for (int k = 0; k < degraded; k++) {
            int j = order.get(k);
            weights[j] = home[j] * Pools.WEIGHTS[1 + random.nextInt(3)] / 100;
        }
        return order.subList(0, degraded);
    }

    @ParameterizedTest(name = "{0} members, {1} slots, {2}")
    @CsvSource({
        "2, 1024, uniform", "2, 4093, random", "4, 1024, realistic", "4, 65536, random", "7, 1024, random",
        "7, 4093, realistic", "31, 1024, random", "100, 1024, uniform", "100, 4093, realistic",
        "257, 65536, random", "1000, 1024, random"})
    void holdsEveryMemberAtTheFloorOrCeilingHealthyAndDegraded(int n, int slots, String profile) {
        for (long seed = 0; seed < SEEDS / 3; seed++) {
            var random = new Random(seed);
            List<String> keys = Pools.keys(random, n);
            int[] home = homeWeights(profile, random, n);
            int[] weights = home.clone();
            for (int state = 0; state < 2; state++) {
                List<Member> members = Pools.members(keys, weights, home);
                var counts = Maglev.layout("pool-" + seed, members, slots).slotCounts();
                long total = Quota.total(weights);
                for (Member m : members) {
                    long exact = (long) slots * m.weight();
                    assertThat((long) counts.get(m.key())).as(m + " of " + total)
                            .isBetween(exact / total, (exact + total - 1) / total);
                }
                degrade(random, weights, home);
            }
        }
    }

    @ParameterizedTest(name = "{0} members, {1} slots, {2}")
    @CsvSource({
        "2, 1024, random", "4, 1024, uniform", "4, 1024, realistic", "4, 4093, random", "7, 1024, random",
        "7, 65536, realistic", "31, 1024, realistic", "100, 4093, random", "257, 1024, uniform"})
    void movesNothingBetweenSurvivorsWhenAMemberOfAHealthyPoolDrainsOrChanges(int n, int slots, String profile) {
        for (long seed = 0; seed < SEEDS; seed++) {
            var random = new Random(seed);
            List<String> keys = Pools.keys(random, n);
            int[] home = homeWeights(profile, random, n);
            SlotTable healthy = Maglev.layout("pool-" + seed, Pools.members(keys, home, home), slots);
            int j = random.nextInt(n);
            for (int percent : new int[] {0, 50, 75}) {
                int[] weights = home.clone();
                weights[j] = home[j] * percent / 100;
                SlotTable after = Maglev.layout("pool-" + seed, Pools.members(keys, weights, home), slots);
                // One slot where quota rounding forces it (MaglevTest.movesOneSlotBetweenSurvivors...).
                assertThat(Disruption.movedBetweenOthers(healthy, after, keys.get(j)))
                        .as("seed %d, member %d to %d %%", seed, j, percent).isLessThanOrEqualTo(1);
            }
        }
    }

    @ParameterizedTest(name = "{0} members, {1} slots, {2}")
    @CsvSource({"2, 1024, uniform", "4, 1024, realistic", "7, 4093, random", "100, 1024, random"})
    void returnsExactlyToTheTableItLeftAfterOneHundredFiftyOneHundred(int n, int slots, String profile) {
        for (long seed = 0; seed < SEEDS; seed++) {
            var random = new Random(seed);
            List<String> keys = Pools.keys(random, n);
            int[] home = homeWeights(profile, random, n);
            int[] weights = home.clone();
            degrade(random, weights, home);
            SlotTable before = Maglev.layout("pool", Pools.members(keys, weights, home), slots);
            int j = random.nextInt(n);
            int was = weights[j];
            weights[j] = home[j] / 2;
            Maglev.layout("pool", Pools.members(keys, weights, home), slots);
            weights[j] = was;
            SlotTable back = Maglev.layout("pool", Pools.members(keys, weights, home), slots);
            assertThat(back.digest()).isEqualTo(before.digest());
            assertThat(Disruption.moved(before, back)).isZero();
        }
    }

    @ParameterizedTest(name = "{0} members, {1} slots, {2}")
    @CsvSource({"2, 1024, random", "4, 1024, realistic", "7, 1024, uniform", "31, 4093, random"})
    void buildsTheSameTableWhateverOrderTheEventsCameIn(int n, int slots, String profile) {
        for (long seed = 0; seed < SEEDS; seed++) {
            var random = new Random(seed);
            List<String> keys = Pools.keys(random, n);
            int[] home = homeWeights(profile, random, n);
            int[] target = home.clone();
            degrade(random, target, home);
            List<Integer> changed = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (target[i] != home[i]) {
                    changed.add(i);
                }
            }
            String digest = null;
            for (int order = 0; order < 3; order++) {
                Collections.shuffle(changed, random);
                int[] weights = home.clone();
                SlotTable table = Maglev.layout("pool", Pools.members(keys, weights, home), slots);
                for (int j : changed) {
                    weights[j] = target[j];
                    table = Maglev.layout("pool", Pools.members(keys, weights, home), slots);
                }
                digest = digest == null ? table.digest() : digest;
                assertThat(table.digest()).isEqualTo(digest);
            }
        }
    }

    /**
     * A drain from a degraded pool (a tenth to a third of the members reduced or out): moves between
     * survivors summed over the seeds, against the published fills on the same events. Layout
     * version 1 moved 3x Katran's at 4 members (its step 4 took home slots back from the members that
     * held them); at 7 members and more ours moves fewer, at 4 members up to half as many again
     * (docs/maglev.md, "Where ours is behind").
     */
    @ParameterizedTest(name = "{0} members, {1} slots, {2}: at most {3} x the best reference")
    @CsvSource({
        "4, 1024, uniform, 1.25", "4, 1024, realistic, 1.5", "7, 1024, random, 0.7", "7, 1024, realistic, 0.7",
        "31, 1024, random, 0.6", "100, 1024, uniform, 0.5"})
    void movesFewSlotsBetweenSurvivorsWhenAMemberOfADegradedPoolDrains(int n, int slots, String profile,
                                                                       double factor) {
        long ours = 0;
        long katran = 0;
        long envoy = 0;
        for (long seed = 0; seed < 3 * SEEDS; seed++) {
            var random = new Random(seed);
            List<String> keys = Pools.keys(random, n);
            int[] home = homeWeights(profile, random, n);
            int[] weights = home.clone();
            List<Integer> degraded = degrade(random, weights, home);
            int j;
            do {
                j = random.nextInt(n);
            } while (degraded.contains(j));
            List<Member> before = Pools.members(keys, weights, home);
            weights[j] = 0;
            List<Member> after = Pools.members(keys, weights, home);
            String pool = "pool-" + seed;
            ours += Disruption.movedBetweenOthers(Maglev.layout(pool, before, slots),
                    Maglev.layout(pool, after, slots), keys.get(j));
            katran += Disruption.movedBetweenOthers(KatranV2.layout(pool, before, slots),
                    KatranV2.layout(pool, after, slots), keys.get(j));
            envoy += Disruption.movedBetweenOthers(Envoy.layout(pool, before, slots),
                    Envoy.layout(pool, after, slots), keys.get(j));
        }
        assertThat((double) ours).isLessThanOrEqualTo(factor * Math.min(katran, envoy));
    }

    /**
     * A member's configured weight halved, unequal weights: ours recomputes the home fill, which now
     * gives weighted turns, and moves no more than 3 % over Katran's fill on the same events
     * (version 1, equal turns: 10-45 % more).
     */
    @ParameterizedTest(name = "{0} members, {1} slots, {2}")
    @CsvSource({"4, 1024, random", "4, 65536, realistic", "7, 1024, random", "7, 4093, realistic"})
    void movesAboutAsMuchAsTheWeightedFillsWhenAConfiguredWeightChanges(int n, int slots, String profile) {
        long ours = 0;
        long katran = 0;
        for (long seed = 0; seed < 3 * SEEDS; seed++) {
            var random = new Random(seed);
            List<String> keys = Pools.keys(random, n);
            int[] home = homeWeights(profile, random, n);
            List<Member> before = Pools.members(keys, home, home);
            int j = random.nextInt(n);
            int[] changed = home.clone();
            changed[j] = Math.max(1, home[j] / 2);
            List<Member> after = Pools.members(keys, changed, changed);
            String pool = "pool-" + seed;
            ours += Disruption.moved(Maglev.layout(pool, before, slots), Maglev.layout(pool, after, slots));
            katran += Disruption.moved(KatranV2.layout(pool, before, slots), KatranV2.layout(pool, after, slots));
        }
        assertThat((double) ours).isLessThanOrEqualTo(1.03 * katran);
    }
}
