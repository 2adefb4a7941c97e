package io.rxhealth.weighting.maglev.reference;

import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.List;

/**
 * Cilium's weighted Maglev turns (pkg/maglev): exactly M turns; turn {@code n} starts at backend
 * {@code n mod N} and passes over backends until one with {@code (n + 1) * weight >= counter};
 * that one claims the slot and adds the sum of the weights to its counter. With equal weights
 * this is the unweighted round robin.
 */
public final class Cilium {
    private Cilium() {
    }

    public static SlotTable layout(String poolId, List<Member> members, int slots) {
        return ReferenceFill.layout(poolId, members, slots, new ReferenceFill.Turns() {
            private int[] weights;
            private long[] counter;
            private long sum;

            @Override
            public void start(int[] w, int m) {
                weights = w;
                counter = new long[w.length];
                for (int x : w) {
                    sum += x;
                }
            }

            @Override
            public int next(int n) {
                int i = n % weights.length;
                for (int tried = 0; tried < weights.length; tried++, i = (i + 1) % weights.length) {
                    if ((n + 1L) * weights[i] >= counter[i]) {
                        counter[i] += sum;
                        return i;
                    }
                }
                // Unreachable: the backend with the lowest counter-to-weight ratio always qualifies.
                throw new IllegalStateException("no backend takes turn " + n);
            }
        });
    }
}
