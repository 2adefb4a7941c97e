package io.rxhealth.weighting.maglev.reference;

import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.List;

/**
 * The plain exact-quota Maglev: the paper's equal turns over the members with weight > 0, each
 * stopping at its largest-remainder quota of the current weights (ties to the smaller key). The
 * table is recomputed from the current weights alone: no home layout.
 */
public final class ExactQuota {
    private ExactQuota() {
    }

    public static SlotTable layout(String poolId, List<Member> members, int slots) {
        return ReferenceFill.layout(poolId, members, slots, new ReferenceFill.Turns() {
            private int[] left;
            private int at = -1;

            @Override
            public void start(int[] w, int m) {
                long total = 0;
                for (int x : w) {
                    total += x;
                }
                left = new int[w.length];
                long[] remainder = new long[w.length];
                int assigned = 0;
                for (int i = 0; i < w.length; i++) {
                    left[i] = (int) ((long) m * w[i] / total);
                    remainder[i] = (long) m * w[i] % total;
                    assigned += left[i];
                }
                while (assigned < m) {
                    int best = 0;
                    for (int i = 1; i < w.length; i++) {
                        if (remainder[i] > remainder[best]) {
                            best = i;
                        }
                    }
                    left[best]++;
                    remainder[best] = -1;
                    assigned++;
                }
            }

            @Override
            public int next(int n) {
                do {
                    at = (at + 1) % left.length;
                } while (left[at] == 0);
                left[at]--;
                return at;
            }
        });
    }
}
