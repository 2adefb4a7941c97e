package io.rxhealth.weighting.maglev;

import java.util.Arrays;

/**
 * Slot quotas of a weighted pool. A member's exact share is {@code slots * w / W}; an exact-quota
 * layout gives it the floor or the ceiling of that share.
 */
final class Quota {
    private Quota() {
    }

    static long total(int[] weights) {
        long total = 0;
        for (int w : weights) {
            total += w;
        }
        return total;
    }

    /** Floor of each member's share; all zero when the weights sum to zero. */
    static int[] floor(int[] weights, int slots) {
        long total = total(weights);
        int[] floor = new int[weights.length];
        for (int i = 0; total > 0 && i < weights.length; i++) {
            floor[i] = (int) ((long) slots * weights[i] / total);
        }
        return floor;
    }

    /** Ceiling of each member's share; all zero when the weights sum to zero. */
    static int[] ceil(int[] weights, int slots) {
        long total = total(weights);
        int[] ceil = new int[weights.length];
        for (int i = 0; total > 0 && i < weights.length; i++) {
            ceil[i] = (int) (((long) slots * weights[i] + total - 1) / total);
        }
        return ceil;
    }

    /**
     * Quotas by the largest-remainder method: the floors, plus one slot each for the members with
     * the largest remainders until the quotas sum to {@code slots}; ties go to the earlier index
     * (the smaller key). All zero when the weights sum to zero.
     */
    static int[] largestRemainder(int[] weights, int slots) {
        long total = total(weights);
        int[] quota = floor(weights, slots);
        if (total == 0) {
            return quota;
        }
        int assigned = 0;
        for (int q : quota) {
            assigned += q;
        }
        long[] remainder = new long[weights.length];
        Integer[] order = new Integer[weights.length];
        for (int i = 0; i < weights.length; i++) {
            remainder[i] = (long) slots * weights[i] % total;
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> remainder[a] != remainder[b]
                ? Long.compare(remainder[b], remainder[a]) : Integer.compare(a, b));
        for (int k = 0; assigned < slots; k++) {
            quota[order[k]]++;
            assigned++;
        }
        return quota;
    }
}
