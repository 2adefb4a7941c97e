package io.rxhealth.agent.loop;

import static java.util.Objects.requireNonNull;

import io.rxhealth.agent.state.StateFile;
import io.rxhealth.weighting.Decision;
import io.rxhealth.weighting.RecoverySnapshot;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When the state file is written: on a change of the verdict or of the recovery phase, and every
 * {@value #SAVE_WHILE_RECOVERING_SECONDS} s while recovering, so a restart continues the window
 * about where it stood. A write that fails is said once per reason and kept for {@code /status};
 * 9505 goes on answering. One scheduler thread calls it.
 */
final class StateSaves {
    // Named after the loop, as these lines were before it was split: log filters match "AgentLoop".
    private static final Logger log = LoggerFactory.getLogger(AgentLoop.class);
    static final long SAVE_WHILE_RECOVERING_SECONDS = 15;
    private static final Duration SAVE_WHILE_RECOVERING = Duration.ofSeconds(SAVE_WHILE_RECOVERING_SECONDS);

    private final StateFile stateFile;
    private final String stateDir;
    private RecoverySnapshot.Phase lastPhase;
    private Instant lastSave = Instant.EPOCH;
    private String error;

    StateSaves(StateFile stateFile, String stateDir) {
        this.stateFile = requireNonNull(stateFile, "stateFile");
        this.stateDir = stateDir;
    }

    /** After a cycle that served {@code decision} at {@code now}; {@code verdictChanged} as it was. */
    void afterCycle(Decision decision, RecoverySnapshot recovery, boolean verdictChanged, Instant now) {
        boolean phaseChanged = recovery.phase() != lastPhase;
        boolean recoveringDue = recovery.phase() == RecoverySnapshot.Phase.RECOVERING
                && Duration.between(lastSave, now).compareTo(SAVE_WHILE_RECOVERING) >= 0;
        if (verdictChanged || phaseChanged || recoveringDue) {
            save(decision, recovery, now);
        }
        lastPhase = recovery.phase();
    }

    /** Why the last write failed, or null when it succeeded. */
    String error() {
        return error;
    }

    private void save(Decision decision, RecoverySnapshot recovery, Instant now) {
        try {
            stateFile.save(new StateFile.Saved(1, now, decision.verdict().state(), decision.verdict().weightPercent(),
                    recovery.phase(), recovery.elapsed().toMillis()));
            lastSave = now;
            if (error != null) {
                log.info("state file in {} written again", stateDir);
                error = null;
            }
        } catch (IOException e) {
            // Once per change of reason: a full or read-only state dir must not flood the log.
            String reason = "cannot write state file in " + stateDir + ": " + e;
            if (!reason.equals(error)) {
                log.warn("{}; 9505 keeps answering, a restart would start the recovery window afresh", reason);
            }
            error = reason;
        }
    }
}
