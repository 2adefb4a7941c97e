package io.rxhealth.agent.state;

import com.fasterxml.jackson.jr.ob.JSON;
import io.rxhealth.weighting.RecoverySnapshot;
import io.rxhealth.weighting.State;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code state.json} in the state dir: the last served state and where the recovery window
 * stood, written atomically on every change, so a restarted agent continues the window (and
 * says {@code ready} if a marker was lifted while it was stopped) instead of jumping to 100%.
 */
public final class StateFile {
    private static final Logger log = LoggerFactory.getLogger(StateFile.class);
    public static final String NAME = "state.json";

    private final Path file;
    private final JSON json;

    /** What the file holds. {@code recoveryElapsedMillis} counts only in phase RECOVERING. */
    public record Saved(int version, Instant savedAt, State state, int weightPercent,
                        RecoverySnapshot.Phase recoveryPhase, long recoveryElapsedMillis) {
    }

    public StateFile(Path dir, JSON json) {
        this.file = dir.resolve(NAME);
        this.json = json;
    }

    public void save(Saved saved) throws IOException {
        AtomicFiles.write(file, json.asBytes(saved));
    }

    /** The saved state, or empty when there is none or it cannot be read (said in the log). */
    public Optional<Saved> load() {
        try {
            return Optional.of(json.beanFrom(Saved.class, Files.readAllBytes(file)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            log.warn("ignoring unreadable state file {}: {}", file, e.getMessage());
            return Optional.empty();
        }
    }

    /** The recovery snapshot to restore at {@code now}: time spent stopped counts as time passed. */
    public static RecoverySnapshot recoveryAt(Saved saved, Instant now) {
        if (saved.recoveryPhase() != RecoverySnapshot.Phase.RECOVERING) {
            return saved.recoveryPhase() == RecoverySnapshot.Phase.DOWN ? RecoverySnapshot.DOWN
                    : RecoverySnapshot.HEALTHY;
        }
        Duration stopped = Duration.between(saved.savedAt(), now);
        if (stopped.isNegative()) {
            stopped = Duration.ZERO;
        }
        return RecoverySnapshot.recovering(Duration.ofMillis(saved.recoveryElapsedMillis()).plus(stopped));
    }
}
