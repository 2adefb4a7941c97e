package io.rxhealth.weighting.maglev.reference;

import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.List;

/**
 * Katran's MaglevHashV2 turns: members go round in order, each adds its weight to an accumulator on
 * every pass and claims a slot whenever the accumulator reaches the largest weight (which it then
 * subtracts). No quota: the table ends when the last slot is claimed.
 */
public final class KatranV2 {
    private KatranV2() {
    }

    public static SlotTable layout(String poolId, List<Member> members, int slots) {
        return ReferenceFill.layout(poolId, members, slots, new ReferenceFill.Turns() {
            private int[] weights;
            private long[] accumulated;
            private int max;
            private int at = -1;

            @Override
            public void start(int[] w, int m) {
                weights = w;
                accumulated = new long[w.length];
                for (int x : w) {
                    max = Math.max(max, x);
                }
            }

            @Override
            public int next(int n) {
                while (true) {
                    at = (at + 1) % weights.length;
                    accumulated[at] += weights[at];
                    if (accumulated[at] >= max) {
                        accumulated[at] -= max;
                        return at;
                    }
                }
            }
        });
    }
}
