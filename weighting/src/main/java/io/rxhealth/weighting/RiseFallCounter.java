package io.rxhealth.weighting;

import static java.util.Objects.requireNonNull;

/**
 * Anti-flap by consecutive counts, as HAProxy's {@code rise}/{@code fall}: an up check or member
 * goes down after {@code fall} failing results in a row, a down one comes up after {@code rise}
 * passing results in a row; a result that agrees with the state resets the count. Immutable;
 * {@link #record(boolean)} is pure. The one rule behind the agent's per-check {@link RiseFall} and
 * the LB daemon's liveness probes.
 *
 * <p>The first result decides an {@link RiseFallState#UNKNOWN} state at once: a node that starts
 * broken must not start at 100%, and an LB node that starts builds its table from the pool as it
 * is now, within one probe round, instead of sending traffic to a dead member for {@code fall}
 * rounds or holding back a live one for {@code rise} rounds (HAProxy starts servers up and needs
 * {@code fall} failures).
 *
 * @param rise   passing results in a row that bring a down state up, >= 1
 * @param fall   failing results in a row that take an up state down, >= 1
 * @param state  current state
 * @param streak results in a row that contradict {@code state} (so far short of rise or fall)
 */
public record RiseFallCounter(int rise, int fall, RiseFallState state, int streak) {
    public RiseFallCounter {
        requireNonNull(state, "state");
        if (rise < 1) {
            throw new IllegalArgumentException("rise: " + rise + " (expected: >= 1)");
        }
        if (fall < 1) {
            throw new IllegalArgumentException("fall: " + fall + " (expected: >= 1)");
        }
    }

    public static RiseFallCounter initial(int rise, int fall) {
        return new RiseFallCounter(rise, fall, RiseFallState.UNKNOWN, 0);
    }

    /** The counter after one more result. */
    public RiseFallCounter record(boolean passed) {
        return switch (state) {
            case UNKNOWN -> new RiseFallCounter(rise, fall, passed ? RiseFallState.UP : RiseFallState.DOWN, 0);
            case UP -> passed ? reset() : streak + 1 >= fall ? flip(RiseFallState.DOWN) : counted();
            case DOWN -> !passed ? reset() : streak + 1 >= rise ? flip(RiseFallState.UP) : counted();
        };
    }

    /** The count {@link #streak()} has to reach to flip the state: {@code fall} when up, {@code rise} when down. */
    public int needed() {
        return state == RiseFallState.UP ? fall : rise;
    }

    /** HAProxy-style label: {@code UP}, {@code DOWN}, {@code UP 1/3} (going down), {@code DOWN 1/2}. */
    public String label() {
        if (streak == 0) {
            return state.name();
        }
        return state.name() + " " + streak + "/" + needed();
    }

    private RiseFallCounter reset() {
        return streak == 0 ? this : new RiseFallCounter(rise, fall, state, 0);
    }

    private RiseFallCounter counted() {
        return new RiseFallCounter(rise, fall, state, streak + 1);
    }

    private RiseFallCounter flip(RiseFallState to) {
        return new RiseFallCounter(rise, fall, to, 0);
    }
}
