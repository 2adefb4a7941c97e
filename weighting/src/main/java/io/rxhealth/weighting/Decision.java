package io.rxhealth.weighting;

import static java.util.Objects.requireNonNull;

/**
 * One computed answer: the final verdict (markers, hold and recovery applied), the health under
 * any marker (so a drained reply still carries the right health word), and whether the reply
 * says {@code ready}.
 */
public record Decision(Verdict verdict, State health, boolean ready) {
    public Decision {
        requireNonNull(verdict, "verdict");
        requireNonNull(health, "health");
        if (health != State.UP && health != State.DOWN) {
            throw new IllegalArgumentException("health: " + health + " (expected: UP or DOWN)");
        }
    }
}
