package io.rxhealth.weighting.maglev;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

/** Seeded random pools for the property tests and the figures. */
final class Pools {
    /** The per-member weights the LB daemon uses (policy defaults and drain). */
    static final int[] WEIGHTS = {100, 75, 50, 0};

    private Pools() {
    }

    /** {@code n} distinct {@code address:port} keys, in random order. */
    static List<String> keys(Random random, int n) {
        List<String> keys = new ArrayList<>();
        var seen = new HashSet<String>();
        while (keys.size() < n) {
            String key = "10." + random.nextInt(256) + "." + random.nextInt(256) + "." + random.nextInt(256)
                    + ":" + (8000 + random.nextInt(100));
            if (seen.add(key)) {
                keys.add(key);
            }
        }
        return keys;
    }

    /** Members at home weight {@code home}, currently at {@code weights}, index by index. */
    static List<Member> members(List<String> keys, int[] weights, int[] home) {
        return IntStream.range(0, keys.size())
                .mapToObj(i -> new Member(keys.get(i), weights[i], home[i]))
                .toList();
    }

    /** Random home weights in 1..200, as operators configure them. */
    static int[] randomWeights(Random random, int n) {
        int[] weights = new int[n];
        for (int i = 0; i < n; i++) {
            weights[i] = 1 + random.nextInt(200);
        }
        return weights;
    }

    static int[] filled(int n, int weight) {
        int[] weights = new int[n];
        Arrays.fill(weights, weight);
        return weights;
    }
}
