package io.rxhealth.haproxy.bench;

import java.util.Arrays;

/** A growable list of nanosecond samples, sorted once at the end: an exact histogram. Not thread-safe. */
final class Samples {
    private long[] values = new long[1 << 16];
    private int size;

    void add(long value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
    }

    void addAll(Samples other) {
        for (int i = 0; i < other.size; i++) {
            add(other.values[i]);
        }
    }

    int size() {
        return size;
    }

    long[] sorted() {
        long[] copy = Arrays.copyOf(values, size);
        Arrays.sort(copy);
        return copy;
    }

    /** The {@code quantile} of {@code sorted} in microseconds (nearest rank); NaN when empty. */
    static double micros(long[] sorted, double quantile) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int index = (int) Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1);
        return sorted[Math.max(0, index)] / 1_000.0;
    }
}
