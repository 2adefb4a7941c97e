package io.rxhealth.checks.docker;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * What one inspection of a container reported.
 *
 * @param id           the engine's container id; a new id under the same name is a new container
 * @param state        lifecycle state
 * @param health       {@code State.Health.Status}: {@code starting}, {@code healthy}, {@code
 *                     unhealthy}, or empty when the container has no health check (Docker omits
 *                     the field, podman reports an empty string)
 * @param restartCount restarts done by the engine's restart policy since the container was created
 * @param exitCode     exit code of the last run, 0 if it never ran
 * @param startedAt    when the container last started; {@code null} if it never did
 */
record ContainerStatus(String id, ContainerState state, String health, int restartCount,
                       long exitCode, Instant startedAt) {
    ContainerStatus {
        requireNonNull(id, "id");
        requireNonNull(state, "state");
        health = health == null ? "" : health;
        if (restartCount < 0) {
            throw new IllegalArgumentException("restartCount: " + restartCount + " (expected: >= 0)");
        }
    }
}
