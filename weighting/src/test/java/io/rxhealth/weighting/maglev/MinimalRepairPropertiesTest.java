package io.rxhealth.weighting.maglev;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Exact quotas and the fewest moves over seeded random histories. */
class MinimalRepairPropertiesTest {
    private static final int POOLS = 50;
    private static final int[] SIZES = {1024, 1031, 4096, 64, 7};

    static Stream<Long> seeds() {
        return LongStream.range(0, POOLS).boxed();
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void everyStepHoldsExactQuotasAndMovesTheFewestSlots(long seed) {
        var random = new Random(seed);
        int slots = SIZES[(int) (seed % SIZES.length)];
        int n = 1 + random.nextInt(120);
        List<String> keys = Pools.keys(random, n + 10);
        int[] home = Pools.randomWeights(random, n + 10);
        int[] weights = home.clone();
        // Members n..n+9 are not configured yet: a step may add or remove them.
        boolean[] listed = new boolean[n + 10];
        for (int i = 0; i < n; i++) {
            listed[i] = true;
        }
        String pool = "pool-" + seed;
        SlotTable table = MinimalRepair.repair(pool, null, listed(keys, weights, listed), slots);
        for (int step = 0; step < 30; step++) {
            int j = random.nextInt(n + 10);
            switch (random.nextInt(3)) {
                case 0 -> listed[j] = !listed[j];
                case 1 -> weights[j] = 0;
                default -> weights[j] = Math.max(1, home[j] * (25 + 25 * random.nextInt(4)) / 100);
            }
            List<Member> members = listed(keys, weights, listed);
            SlotTable next = MinimalRepair.repair(pool, table, members, slots);
            assertExactQuotas(next, members);
            if (!table.isEmpty() && next.size() == table.size()) {
                assertThat(Disruption.moved(table, next)).as("step " + step).isEqualTo(fewestMoves(table, members));
            }
            table = next;
        }
    }

    @Test
    void fortyEventSequencesMoveNoMoreThanThePerEventMinimum() {
        // The 40-event figure of docs/maglev.md: 100 members at home weight 100, 1024 slots, weights
        // among 100/75/50/0. Each pool's history is threaded through the repair in event order.
        long moved = 0;
        long minimum = 0;
        for (long seed = 0; seed < POOLS; seed++) {
            SlotTable[] last = new SlotTable[1];
            Disruption.Layouter repair = (pool, members, slots) -> last[0] = MinimalRepair.repair(pool, last[0], members, slots);
            var sequence = Figures.sequence(repair, seed, 100, 1024, 40);
            assertThat(sequence.moved()).as("pool " + seed).isEqualTo(sequence.tightMinimum());
            moved += sequence.moved();
            minimum += sequence.minimum();
        }
        assertThat((double) moved / minimum).isLessThanOrEqualTo(1.0);
    }

    private static List<Member> listed(List<String> keys, int[] weights, boolean[] listed) {
        var members = new ArrayList<Member>();
        for (int i = 0; i < keys.size(); i++) {
            if (listed[i]) {
                members.add(new Member(keys.get(i), weights[i]));
            }
        }
        return members;
    }

    private static void assertExactQuotas(SlotTable table, List<Member> members) {
        long total = members.stream().mapToLong(Member::weight).sum();
        var counts = table.slotCounts();
        for (Member m : members) {
            long exact = (long) table.size() * m.weight();
            long floor = total == 0 ? 0 : exact / total;
            long ceil = total == 0 ? 0 : (exact + total - 1) / total;
            assertThat((long) counts.get(m.key())).as(m + " of " + total).isBetween(floor, ceil);
        }
    }

    /**
     * The fewest owner changes from {@code before} to any exact-quota table for {@code after}:
     * members under their floor must gain; slots over a ceiling, held by a member no longer listed
     * or by no one must be given up.
     */
    private static long fewestMoves(SlotTable before, List<Member> after) {
        int[] weights = after.stream().sorted().mapToInt(Member::weight).toArray();
        List<Member> sorted = after.stream().sorted().toList();
        int[] floor = Quota.floor(weights, before.size());
        int[] ceil = Quota.ceil(weights, before.size());
        var held = before.slotCounts();
        long gain = 0;
        long lose = before.size();
        for (int i = 0; i < sorted.size(); i++) {
            int h = held.getOrDefault(sorted.get(i).key(), 0);
            gain += Math.max(0, floor[i] - h);
            lose -= Math.min(h, ceil[i]);
        }
        return Math.max(gain, lose);
    }
}
