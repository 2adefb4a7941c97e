package io.rxhealth.weighting.maglev;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The 40-event figure of docs/maglev.md (100 members at home weight 100, 1024 slots, total moved /
 * total per-event minimum) for the layout and for every variant tried against the 1.1x target:
 * {@link PlacementVariants}, {@link TransportLayout}, {@link AlternativeRefills}. Run from the
 * repository root after {@code mvn -pl weighting test-compile}:
 * {@code java -cp weighting/target/test-classes:weighting/target/classes io.rxhealth.weighting.maglev.SequenceRatios [pools] [name part]}
 * (20 seeded pools by default; the transport variants take about a second per pool; a name part
 * keeps only the layouts whose name contains it).
 */
public final class SequenceRatios {
    private SequenceRatios() {
    }

    public static void main(String[] args) {
        int pools = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        String only = args.length > 1 ? args[1] : "";
        Map<String, Disruption.Layouter> layouters = new LinkedHashMap<>();
        layouters.put("home slots (ours)", Figures.HOME);
        for (var ceilings : PlacementVariants.HomeCeilings.values()) {
            for (var placement : PlacementVariants.Placement.values()) {
                if (ceilings == PlacementVariants.HomeCeilings.ANY && placement == PlacementVariants.Placement.ROUNDS) {
                    continue;
                }
                layouters.put("home ceilings " + ceilings + ", " + placement, PlacementVariants.of(ceilings, placement));
            }
        }
        layouters.put("transport: home first, then rank key", new TransportLayout(true, false)::layout);
        layouters.put("transport: home first, then weighted rendezvous", new TransportLayout(true, true)::layout);
        layouters.put("transport: rank key only", new TransportLayout(false, false)::layout);
        layouters.put("transport: weighted rendezvous only", new TransportLayout(false, true)::layout);
        layouters.put("home + rendezvous refill", AlternativeRefills.RENDEZVOUS);
        layouters.put("home + permutation refill", AlternativeRefills.PERMUTATION);
        System.out.printf("%d seeded pools, 100 members, 1024 slots, 40 events%n", pools);
        System.out.printf("| %-52s | %-22s | %-10s | %-8s |%n", "layout", "moved / minimum (tight)", "worst pool", "ms/pool");
        for (var entry : layouters.entrySet()) {
            if (!entry.getKey().contains(only)) {
                continue;
            }
            long moved = 0;
            long minimum = 0;
            long tight = 0;
            double worst = 0;
            long start = System.nanoTime();
            for (long seed = 0; seed < pools; seed++) {
                var s = Figures.sequence(entry.getValue(), seed, 100, 1024, 40);
                moved += s.moved();
                minimum += s.minimum();
                tight += s.tightMinimum();
                worst = Math.max(worst, s.ratio());
            }
            System.out.printf("| %-52s | %.2fx (%.2fx)          | %.2fx      | %8d |%n", entry.getKey(),
                    (double) moved / minimum, (double) moved / tight, worst,
                    (System.nanoTime() - start) / 1_000_000 / pools);
        }
    }
}
