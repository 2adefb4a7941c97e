package io.rxhealth.ovs.health;

import static java.util.Objects.requireNonNull;

/**
 * Hysteresis of liveness probes, like HAProxy's {@code rise}/{@code fall}: an up member goes down
 * after {@code fall} failed probes in a row, a down member comes up after {@code rise} passed
 * probes in a row. Immutable; {@link #record(boolean)} is pure.
 *
 * <p>The first probe result decides the state of an {@link ProbeState#UNKNOWN} member at once:
 * after a start every LB node then builds its table from the pool as it is now, within one probe
 * round, instead of sending traffic to a dead member for {@code fall} rounds or holding back a
 * live one for {@code rise} rounds (HAProxy starts servers up and needs {@code fall} failures).
 *
 * @param rise   passed probes in a row that bring a down member up, >= 1
 * @param fall   failed probes in a row that take an up member down, >= 1
 * @param state  current state
 * @param streak results in a row that contradict {@code state} (so far short of rise or fall)
 */
public record RiseFall(int rise, int fall, ProbeState state, int streak) {
    public RiseFall {
        requireNonNull(state, "state");
        if (rise < 1) {
            throw new IllegalArgumentException("rise: " + rise + " (expected: >= 1)");
        }
        if (fall < 1) {
            throw new IllegalArgumentException("fall: " + fall + " (expected: >= 1)");
        }
    }

    public static RiseFall initial(int rise, int fall) {
        return new RiseFall(rise, fall, ProbeState.UNKNOWN, 0);
    }

    /** The state after one more probe result. */
    public RiseFall record(boolean passed) {
        return switch (state) {
            case UNKNOWN -> new RiseFall(rise, fall, passed ? ProbeState.UP : ProbeState.DOWN, 0);
            case UP -> passed ? reset() : streak + 1 >= fall ? flip(ProbeState.DOWN) : counted();
            case DOWN -> !passed ? reset() : streak + 1 >= rise ? flip(ProbeState.UP) : counted();
        };
    }

    private RiseFall reset() {
        return streak == 0 ? this : new RiseFall(rise, fall, state, 0);
    }

    private RiseFall counted() {
        return new RiseFall(rise, fall, state, streak + 1);
    }

    private RiseFall flip(ProbeState to) {
        return new RiseFall(rise, fall, to, 0);
    }

    /** HAProxy-style label: {@code UP}, {@code DOWN}, {@code UP 1/3} (going down), {@code DOWN 1/2}. */
    public String label() {
        if (streak == 0) {
            return state.name();
        }
        return state.name() + " " + streak + "/" + (state == ProbeState.UP ? fall : rise);
    }
}
