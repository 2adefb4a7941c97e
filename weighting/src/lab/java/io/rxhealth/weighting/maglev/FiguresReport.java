package io.rxhealth.weighting.maglev;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Prints the balance and disruption table of docs/maglev.md: ours (home slots) against our plain
 * exact-quota permutation fill and the classic Katran-style weighted Maglev. Run from the
 * repository root after {@code mvn -pl weighting test-compile}:
 * {@code java -cp weighting/target/test-classes:weighting/target/classes io.rxhealth.weighting.maglev.FiguresReport [pools]}.
 */
public final class FiguresReport {
    private FiguresReport() {
    }

    public static void main(String[] args) {
        int pools = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        Map<String, Disruption.Layouter> layouters = new LinkedHashMap<>();
        layouters.put("home slots (ours)", Figures.HOME);
        layouters.put("home + rendezvous refill", AlternativeRefills.RENDEZVOUS);
        layouters.put("home + permutation refill", AlternativeRefills.PERMUTATION);
        layouters.put("plain exact-quota Maglev", Figures.PLAIN);
        layouters.put("classic (Katran V2 style)", Figures.CLASSIC);
        System.out.printf("%d seeded pools per figure%n", pools);
        System.out.printf("| %-26s | %11s | %11s | %15s | %16s | %20s | %14s | %10s |%n", "layout",
                "max dev M=1024", "max dev M=65536", "drain: max moves between others", "config removal: max moves between others",
                "weight change: over bound (worst excess)", "40 events: moved / minimum", "worst pool");
        for (var entry : layouters.entrySet()) {
            var layouter = entry.getValue();
            double dev1k = 0;
            double dev64k = 0;
            int drain = 0;
            int removal = 0;
            int over = 0;
            int excess = Integer.MIN_VALUE;
            long moved = 0;
            long minimum = 0;
            long tight = 0;
            double worst = 0;
            for (long seed = 0; seed < pools; seed++) {
                dev1k = Math.max(dev1k, Figures.balance(layouter, seed, 1024));
                if (seed < 10) {
                    dev64k = Math.max(dev64k, Figures.balance(layouter, seed, 65536));
                }
                var d = Figures.drain(layouter, seed, 100, 1024);
                drain = Math.max(drain, d.worstBetweenSurvivors());
                removal = Math.max(removal, d.configRemovalBetweenSurvivors());
                for (var change : Figures.weightChanges(layouter, seed, 100, 1024)) {
                    over += change.moved() > change.bound() ? 1 : 0;
                    excess = Math.max(excess, change.moved() - change.bound());
                }
                var s = Figures.sequence(layouter, seed, 100, 1024, 40);
                moved += s.moved();
                minimum += s.minimum();
                tight += s.tightMinimum();
                worst = Math.max(worst, s.ratio());
            }
            System.out.printf("| %-26s | %14.4f | %15.4f | %31d | %40d | %22d of %d (%+d) | %.2fx (tight %.2fx) | %.2fx |%n",
                    entry.getKey(), dev1k, dev64k, drain, removal, over, pools * 5, excess,
                    (double) moved / minimum, (double) moved / tight, worst);
        }
    }
}
