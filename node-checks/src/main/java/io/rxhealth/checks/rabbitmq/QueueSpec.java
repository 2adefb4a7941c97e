package io.rxhealth.checks.rabbitmq;

import static java.util.Objects.requireNonNull;

import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One queue the node's background processing reads.
 *
 * @param checkName    the check's name (config, reasons, metrics), e.g. {@code rabbitmq-queue:rx.jobs}
 * @param queue        the queue's name on the broker
 * @param maxReady     ready messages at or above which the queue is stuck; empty: no such bound
 * @param risingCycles cycles in a row the ready count must rise, with no consumer, to be stuck;
 *                     empty: no such rule
 */
public record QueueSpec(String checkName, String queue, OptionalLong maxReady, OptionalInt risingCycles) {
    public QueueSpec {
        requireNonNull(checkName, "checkName");
        requireNonNull(queue, "queue");
        requireNonNull(maxReady, "maxReady");
        requireNonNull(risingCycles, "risingCycles");
        if (queue.isEmpty() || queue.length() > 255) {
            throw new IllegalArgumentException("queue: '" + queue + "' (expected: a queue name of 1..255 characters)");
        }
        if (maxReady.isPresent() && maxReady.getAsLong() < 1) {
            throw new IllegalArgumentException("max-ready: " + maxReady.getAsLong() + " (expected: >= 1)");
        }
        if (risingCycles.isPresent() && risingCycles.getAsInt() < 2) {
            throw new IllegalArgumentException("rising-cycles: " + risingCycles.getAsInt() + " (expected: >= 2)");
        }
    }
}
