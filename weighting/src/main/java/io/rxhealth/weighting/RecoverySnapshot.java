package io.rxhealth.weighting;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/** Phase of the recovery window, and time spent in it, as kept in the agent's state file. */
public record RecoverySnapshot(Phase phase, Duration elapsed) {
    /** Where a node stands relative to its last {@code down}. */
    public enum Phase { HEALTHY, DOWN, RECOVERING }

    public static final RecoverySnapshot HEALTHY = new RecoverySnapshot(Phase.HEALTHY, Duration.ZERO);
    public static final RecoverySnapshot DOWN = new RecoverySnapshot(Phase.DOWN, Duration.ZERO);

    public RecoverySnapshot {
        requireNonNull(phase, "phase");
        requireNonNull(elapsed, "elapsed");
        if (elapsed.isNegative()) {
            throw new IllegalArgumentException("elapsed: " + elapsed + " (expected: >= 0)");
        }
    }

    public static RecoverySnapshot recovering(Duration elapsed) {
        return new RecoverySnapshot(Phase.RECOVERING, elapsed);
    }
}
