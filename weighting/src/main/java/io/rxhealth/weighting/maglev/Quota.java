package io.rxhealth.weighting.maglev;

import java.util.ArrayList;
import java.util.List;

/** Exact slot quotas by the largest-remainder method: each member gets floor or ceil of M*w/W. */
final class Quota {
    private Quota() {
    }

    /** Quota per member, in the given order; ties in remainder go to the earlier (smaller) key. */
    static int[] largestRemainder(List<Member> sorted, int slots) {
        long total = 0;
        for (Member m : sorted) {
            total += m.weight();
        }
        int[] quota = new int[sorted.size()];
        if (total == 0) {
            return quota;
        }
        long assigned = 0;
        long[] remainder = new long[sorted.size()];
        for (int i = 0; i < sorted.size(); i++) {
            long exact = (long) slots * sorted.get(i).weight();
            quota[i] = (int) (exact / total);
            remainder[i] = exact % total;
            assigned += quota[i];
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            order.add(i);
        }
        order.sort((a, b) -> remainder[a] != remainder[b] ? Long.compare(remainder[b], remainder[a])
                : Integer.compare(a, b));
        for (int k = 0; assigned < slots; k++) {
            quota[order.get(k)]++;
            assigned++;
        }
        return quota;
    }
}
