package io.rxhealth.ovs.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class ApplyTurnsTest {
    private final ApplyTurns turns = new ApplyTurns();

    @Test
    void aReadGoesAtOnceWhenNoApplyIsInFlight() throws Exception {
        assertThat(turns.awaitIdle(0)).isTrue();
    }

    @Test
    void aReadWaitsForEveryApplyInFlightAndNoLongerThanItsPatience() throws Exception {
        turns.applyStarted();
        turns.applyStarted();
        assertThat(turns.awaitIdle(0)).isFalse();
        turns.applyEnded();
        assertThat(turns.awaitIdle(0)).isFalse();
        turns.applyEnded();
        assertThat(turns.awaitIdle(0)).isTrue();
    }

    @Test
    void aWaitingReadGoesWhenTheApplyEnds() throws Exception {
        turns.applyStarted();
        CompletableFuture<Boolean> read = CompletableFuture.supplyAsync(() -> {
            try {
                return turns.awaitIdle(TimeUnit.SECONDS.toNanos(20));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });

        turns.applyEnded();

        assertThat(read.get(20, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void anEndWithoutAStartIsABug() {
        assertThatThrownBy(turns::applyEnded).hasMessage("applyEnded without applyStarted (expected: one per apply)");
    }
}
