package io.rxhealth.weighting;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.List;

/**
 * The settings of a {@link VerdictEngine}, as the agent's config gives them.
 *
 * @param rise           passing results in a row before a failing check counts as passing
 * @param fall           failing results in a row before a passing check counts as failing
 * @param hold           how long a higher weight must be asked for before it is served
 * @param recoveryWindow how long the node stays capped after a {@code down}
 * @param recoverySteps  the caps, in percent, over equal parts of the window
 * @param readyInterval  how long {@code ready} is said after the agent's own drain or maint
 */
public record VerdictSettings(int rise, int fall, Duration hold, Duration recoveryWindow,
                              List<Integer> recoverySteps, Duration readyInterval) {
    public VerdictSettings {
        requireNonNull(hold, "hold");
        requireNonNull(recoveryWindow, "recoveryWindow");
        recoverySteps = List.copyOf(requireNonNull(recoverySteps, "recoverySteps"));
        requireNonNull(readyInterval, "readyInterval");
    }
}
