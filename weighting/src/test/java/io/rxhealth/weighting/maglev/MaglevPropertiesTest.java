package io.rxhealth.weighting.maglev;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Balance and disruption over seeded random pools; docs/maglev.md has the figures. */
class MaglevPropertiesTest {
    private static final int POOLS = 50;
    private static final int[] SIZES = {1024, 1031, 4096, 64, 65536};

    static Stream<Long> seeds() {
        return LongStream.range(0, POOLS).boxed();
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void holdsEveryMemberAtTheFloorOrCeilingOfItsShare(long seed) {
        var random = new Random(seed);
        int slots = SIZES[(int) (seed % SIZES.length)];
        int n = 1 + random.nextInt(200);
        int[] weights = Pools.randomWeights(random, n);
        for (int i = 0; i < n; i++) {
            weights[i] = random.nextInt(8) == 0 ? 0 : weights[i];
        }
        List<Member> members = Pools.members(Pools.keys(random, n), weights, Pools.randomWeights(random, n));
        var counts = Maglev.layout("pool-" + seed, members, slots).slotCounts();
        long total = Quota.total(weights);
        for (Member m : members) {
            long exact = (long) slots * m.weight();
            long floor = total == 0 ? 0 : exact / total;
            long ceil = total == 0 ? 0 : (exact + total - 1) / total;
            assertThat((long) counts.get(m.key())).as(m + " of " + total).isBetween(floor, ceil);
        }
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void drainingOneMemberMovesOnlyItsOwnSlots(long seed) {
        // The issue allows one slot where quota rounding forces it; none has been needed so far.
        assertThat(Figures.drain(Figures.HOME, seed, 100, 1024).worstBetweenSurvivors()).isLessThanOrEqualTo(1);
    }

    @Test
    void keepsDrainsAndWeightChangesWithinTheirBoundsInThousandsOfSmallPools() {
        var random = new Random(7);
        int[] sizes = {2, 3, 5, 7, 8, 13, 16, 17, 31, 64, 127, 128, 1024};
        for (int round = 0; round < 3000; round++) {
            int slots = sizes[random.nextInt(sizes.length)];
            int n = 2 + random.nextInt(8);
            List<String> keys = Pools.keys(random, n);
            int[] home = new int[n];
            for (int i = 0; i < n; i++) {
                home[i] = 1 + random.nextInt(random.nextBoolean() ? 10 : 1000);
            }
            String pool = "pool-" + round;
            SlotTable healthy = Maglev.layout(pool, Pools.members(keys, home, home), slots);
            int j = random.nextInt(n);
            int[] weights = home.clone();
            weights[j] = 0;
            SlotTable drained = Maglev.layout(pool, Pools.members(keys, weights, home), slots);
            assertThat(Disruption.movedBetweenOthers(healthy, drained, keys.get(j))).as(pool).isLessThanOrEqualTo(1);
            weights[j] = random.nextInt(home[j]);
            double delta = Math.abs((double) weights[j] / Quota.total(weights) - (double) home[j] / Quota.total(home));
            SlotTable changed = Maglev.layout(pool, Pools.members(keys, weights, home), slots);
            assertThat(Disruption.moved(healthy, changed)).as(pool)
                    .isLessThanOrEqualTo((int) Math.ceil(delta * slots - 1e-9) + 1);
        }
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void changingOneWeightMovesAtMostItsShareOfTheTablePlusOne(long seed) {
        for (var change : Figures.weightChanges(Figures.HOME, seed, 100, 1024)) {
            assertThat(change.moved()).isLessThanOrEqualTo(change.bound());
        }
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void movesAtMostTwoAndAHalfTimesTheMinimumOverFortyEvents(long seed) {
        assertThat(Figures.sequence(Figures.HOME, seed, 100, 1024, 40).ratio()).isLessThan(2.5);
    }

    @Test
    void movesLessThanHalfWhatTheClassicMaglevMovesOverTheSameEvents() {
        long ours = 0;
        long classic = 0;
        for (long seed = 0; seed < 10; seed++) {
            ours += Figures.sequence(Figures.HOME, seed, 100, 1024, 40).moved();
            classic += Figures.sequence(Figures.CLASSIC, seed, 100, 1024, 40).moved();
        }
        assertThat(ours).isLessThan(classic / 2);
    }

    @Test
    void staysWithinTwiceTheMinimumSummedOverAllSequences() {
        long moved = 0;
        long minimum = 0;
        for (long seed = 0; seed < POOLS; seed++) {
            var sequence = Figures.sequence(Figures.HOME, seed, 100, 1024, 40);
            moved += sequence.moved();
            minimum += sequence.minimum();
        }
        assertThat((double) moved / minimum).isLessThan(2.1);
    }

    @Test
    void balancesExactlyWhereTheClassicMaglevMissesTheQuota() {
        double ours = 0;
        double classic = 0;
        for (long seed = 0; seed < POOLS; seed++) {
            ours = Math.max(ours, Figures.balance(Figures.HOME, seed, 1024));
            classic = Math.max(classic, Figures.balance(Figures.CLASSIC, seed, 1024));
        }
        assertThat(ours).isLessThan(1.0);
        assertThat(classic).isGreaterThan(1.0);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void dependsOnlyOnTheCurrentPoolNotOnTheEventsThatLedThere(long seed) {
        // Two LB nodes that saw the same events in different orders, or a node restarted midway,
        // hold the same weights: they must build the same table.
        var random = new Random(seed);
        List<String> keys = Pools.keys(random, 30);
        int[] home = Pools.randomWeights(random, 30);
        int[] target = home.clone();
        List<Integer> changed = new ArrayList<>();
        for (int e = 0; e < 10; e++) {
            int j = random.nextInt(30);
            target[j] = home[j] * Pools.WEIGHTS[random.nextInt(4)] / 100;
            changed.add(j);
        }
        Collections.shuffle(changed, random);
        int[] weights = home.clone();
        SlotTable table = Maglev.layout("pool", Pools.members(keys, weights, home), 1024);
        for (int j : changed) {
            weights[j] = target[j];
            table = Maglev.layout("pool", Pools.members(keys, weights, home), 1024);
        }
        SlotTable fresh = Maglev.layout("pool", Pools.members(keys, target, home), 1024);
        assertThat(table.digest()).isEqualTo(fresh.digest());
        assertThat(table).isEqualTo(fresh);
    }
}
