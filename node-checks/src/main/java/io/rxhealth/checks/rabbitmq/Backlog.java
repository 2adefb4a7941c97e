package io.rxhealth.checks.rabbitmq;

import java.util.Optional;

/**
 * The backlog rule of one queue, pure: a queue is stuck when its ready messages reach
 * {@code maxReady}, or when they have risen for {@code risingCycles} cycles in a row while the
 * queue had no consumer (Directum RX's background processing has stopped reading it). A cycle
 * whose count did not rise, or that saw a consumer, starts the run again.
 *
 * @param lastReady ready messages at the last cycle; -1 before the first
 * @param rises     cycles in a row the count rose with no consumer
 * @param firstReady the count the current run of rises started from
 */
record Backlog(long lastReady, int rises, long firstReady) {
    static final Backlog START = new Backlog(-1, 0, -1);

    /** The rule's state after one cycle's sample. */
    Backlog next(long ready, int consumers) {
        boolean rose = lastReady >= 0 && ready > lastReady && consumers == 0;
        return rose ? new Backlog(ready, rises + 1, rises == 0 ? lastReady : firstReady)
                : new Backlog(ready, 0, ready);
    }

    /** What makes the queue stuck in this state, for the reason; empty when it is not. */
    Optional<String> stuck(QueueSpec spec, long ready, int consumers) {
        if (spec.maxReady().isPresent() && ready >= spec.maxReady().getAsLong()) {
            return Optional.of(ready + " ready (max " + spec.maxReady().getAsLong() + "), " + consumers
                    + (consumers == 1 ? " consumer" : " consumers"));
        }
        // N cycles of rising need N rises: N + 1 samples.
        if (spec.risingCycles().isPresent() && rises >= spec.risingCycles().getAsInt()) {
            return Optional.of("ready rising for " + rises + " cycles (" + firstReady + " -> " + ready
                    + ") with no consumer");
        }
        return Optional.empty();
    }
}
