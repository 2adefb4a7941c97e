package io.rxhealth.agent.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.rxhealth.agent.json.Json;
import io.rxhealth.weighting.RecoverySnapshot;
import io.rxhealth.weighting.State;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateFileTest {
    @TempDir
    Path dir;

    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

    @Test
    void roundTripsAndContinuesTheRecoveryWindowAcrossTheStop() throws Exception {
        StateFile file = new StateFile(dir, Json.json());
        StateFile.Saved saved = new StateFile.Saved(1, T0, State.UP, 25, RecoverySnapshot.Phase.RECOVERING, 12_000);
        file.save(saved);
        assertEquals(Optional.of(saved), file.load());
        assertEquals(RecoverySnapshot.recovering(Duration.ofSeconds(42)),
                StateFile.recoveryAt(saved, T0.plusSeconds(30)));
    }

    @Test
    void aClockThatWentBackCountsAsNoTimePassed() {
        StateFile.Saved saved = new StateFile.Saved(1, T0, State.UP, 25, RecoverySnapshot.Phase.RECOVERING, 5_000);
        assertEquals(RecoverySnapshot.recovering(Duration.ofSeconds(5)), StateFile.recoveryAt(saved, T0.minusSeconds(60)));
    }

    @Test
    void downStaysDown() {
        StateFile.Saved saved = new StateFile.Saved(1, T0, State.DOWN, 0, RecoverySnapshot.Phase.DOWN, 0);
        assertEquals(RecoverySnapshot.DOWN, StateFile.recoveryAt(saved, T0.plusSeconds(3600)));
    }

    @Test
    void aCorruptFileIsIgnored() throws Exception {
        Files.writeString(dir.resolve(StateFile.NAME), "{not json");
        assertEquals(Optional.empty(), new StateFile(dir, Json.json()).load());
    }
}
