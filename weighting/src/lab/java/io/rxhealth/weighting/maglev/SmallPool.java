package io.rxhealth.weighting.maglev;

import java.util.ArrayList;
import java.util.List;

/**
 * Every state of a small pool, for the exact computations ({@link SquareLowerBound},
 * {@link LabelingSearch}): {@code members} members at home weight 100, each at one of
 * {@link Pools#WEIGHTS}. A state is the base-4 number of the members' weight indexes, 0 when every
 * member is at 100. An event sets one member to one of its three other weights, as in
 * {@link Figures#sequence}: event {@code e} sets member {@code e / 3} to its {@code (e % 3)}-th other
 * weight, so every state has {@code members * 3} equally likely events.
 */
final class SmallPool {
    private static final int[] WEIGHTS = Pools.WEIGHTS;
    private static final int OTHER_WEIGHTS = WEIGHTS.length - 1;
    final int members;
    final int slots;
    final int states;
    final int events;
    final List<String> keys = new ArrayList<>();

    SmallPool(int members, int slots) {
        this.members = members;
        this.slots = slots;
        this.states = (int) Math.pow(WEIGHTS.length, members);
        this.events = members * OTHER_WEIGHTS;
        for (int i = 0; i < members; i++) {
            keys.add("m" + i + ":80");
        }
    }

    int[] weights(int state) {
        int[] w = new int[members];
        for (int i = 0; i < members; i++) {
            w[i] = WEIGHTS[digit(state, i)];
        }
        return w;
    }

    List<Member> pool(int state) {
        List<Member> pool = new ArrayList<>();
        int[] w = weights(state);
        for (int i = 0; i < members; i++) {
            pool.add(new Member(keys.get(i), w[i], 100));
        }
        return pool;
    }

    /** The member event {@code e} changes. */
    static int memberOf(int e) {
        return e / OTHER_WEIGHTS;
    }

    /** The state after event {@code e}. */
    int apply(int state, int e) {
        int member = memberOf(e);
        int current = digit(state, member);
        int choice = e % OTHER_WEIGHTS;
        int w = choice >= current ? choice + 1 : choice;
        return state + (w - current) * (int) Math.pow(WEIGHTS.length, member);
    }

    private static int digit(int state, int i) {
        return state / (int) Math.pow(WEIGHTS.length, i) % WEIGHTS.length;
    }
}
