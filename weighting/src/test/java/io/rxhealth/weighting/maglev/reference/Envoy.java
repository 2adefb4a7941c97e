package io.rxhealth.weighting.maglev.reference;

import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.List;

/**
 * Envoy's weighted MaglevTable turns: passes numbered 1, 2, ...; in pass {@code k} a host takes a
 * turn when {@code k * weight >= target}, and each turn raises its target by the largest weight
 * (targets start at 0), so a host of the largest weight claims a slot in every pass and one of a
 * third of it in every third.
 */
public final class Envoy {
    private Envoy() {
    }

    public static SlotTable layout(String poolId, List<Member> members, int slots) {
        return ReferenceFill.layout(poolId, members, slots, new ReferenceFill.Turns() {
            private int[] weights;
            private long[] target;
            private int max;
            private long pass = 1;
            private int at = -1;

            @Override
            public void start(int[] w, int m) {
                weights = w;
                target = new long[w.length];
                for (int x : w) {
                    max = Math.max(max, x);
                }
            }

            @Override
            public int next(int n) {
                while (true) {
                    at++;
                    if (at == weights.length) {
                        at = 0;
                        pass++;
                    }
                    if (pass * weights[at] >= target[at]) {
                        target[at] += max;
                        return at;
                    }
                }
            }
        });
    }
}
