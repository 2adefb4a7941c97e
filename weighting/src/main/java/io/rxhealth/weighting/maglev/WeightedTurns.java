package io.rxhealth.weighting.maglev;

/**
 * Whose turn it is in a weighted table fill: member {@code i}'s {@code k}-th turn (k = 1, 2, ...)
 * comes at time {@code k / w_i}, earlier times first, ties to the smaller index (the smaller key).
 * This is the turn order of the published weighted Maglevs (a member of the largest weight every
 * pass, one of a third of it every third pass) without their passes: a heap, so a fill costs
 * O(M log N) even when one weight is a millionth of another. A member's turn times depend on its
 * own weight only, so changing one member's weight reorders that member's turns and no other's.
 */
final class WeightedTurns {
    private final long[] weight;
    private final long[] turns;
    private final int[] heap;
    private int size;

    /** Members with {@code weights[i] > 0} and {@code left[i] > 0} take part. */
    WeightedTurns(int[] weights, int[] left) {
        int n = weights.length;
        weight = new long[n];
        turns = new long[n];
        heap = new int[n];
        for (int i = 0; i < n; i++) {
            weight[i] = weights[i];
            if (weights[i] > 0 && left[i] > 0) {
                heap[size++] = i;
            }
        }
        for (int k = size / 2 - 1; k >= 0; k--) {
            down(k);
        }
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The member whose turn comes next; it stays in line for its following turn. */
    int next() {
        int member = heap[0];
        turns[member]++;
        down(0);
        return member;
    }

    /** Takes the member {@link #next()} just returned out of line for good. */
    void retire(int member) {
        for (int k = 0; k < size; k++) {
            if (heap[k] == member) {
                heap[k] = heap[--size];
                if (k < size) {
                    down(k);
                    up(k);
                }
                return;
            }
        }
    }

    /** Whether member a's next turn comes before member b's. */
    private boolean before(int a, int b) {
        long ta = (turns[a] + 1) * weight[b];
        long tb = (turns[b] + 1) * weight[a];
        return ta != tb ? ta < tb : a < b;
    }

    private void down(int k) {
        while (true) {
            int l = 2 * k + 1;
            if (l >= size) {
                return;
            }
            int c = l + 1 < size && before(heap[l + 1], heap[l]) ? l + 1 : l;
            if (!before(heap[c], heap[k])) {
                return;
            }
            int t = heap[c];
            heap[c] = heap[k];
            heap[k] = t;
            k = c;
        }
    }

    private void up(int k) {
        while (k > 0) {
            int p = (k - 1) / 2;
            if (!before(heap[k], heap[p])) {
                return;
            }
            int t = heap[p];
            heap[p] = heap[k];
            heap[k] = t;
            k = p;
        }
    }
}
