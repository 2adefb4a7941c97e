package io.rxhealth.weighting.maglev;

/**
 * The 40-event figure of docs/maglev.md for {@link MinimalRepair}, each pool's history threaded
 * through the repair, beside {@link Maglev#layout}. Run from the repository root after
 * {@code mvn -pl weighting test-compile}:
 * {@code java -cp weighting/target/test-classes:weighting/target/classes io.rxhealth.weighting.maglev.RepairRatios [pools]}.
 */
public final class RepairRatios {
    private RepairRatios() {
    }

    public static void main(String[] args) {
        int pools = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        long moved = 0;
        long minimum = 0;
        long tight = 0;
        long pure = 0;
        long start = System.nanoTime();
        for (long seed = 0; seed < pools; seed++) {
            SlotTable[] last = new SlotTable[1];
            Disruption.Layouter repair = (pool, members, slots) -> last[0] = MinimalRepair.repair(pool, last[0], members, slots);
            var s = Figures.sequence(repair, seed, 100, 1024, 40);
            moved += s.moved();
            minimum += s.minimum();
            tight += s.tightMinimum();
        }
        long repairMs = (System.nanoTime() - start) / 1_000_000;
        for (long seed = 0; seed < pools; seed++) {
            pure += Figures.sequence(Figures.HOME, seed, 100, 1024, 40).moved();
        }
        System.out.printf("%d pools, 100 members, 1024 slots, 40 events%n", pools);
        System.out.printf("minimal repair: %.3fx the per-event minimum (%.3fx the tight minimum), %d ms for all pools%n",
                (double) moved / minimum, (double) moved / tight, repairMs);
        System.out.printf("Maglev.layout:  %.3fx the per-event minimum%n", (double) pure / minimum);
    }
}
