package io.rxhealth.checks.docker;

import java.io.IOException;
import java.util.Optional;

/**
 * The part of the Docker Engine API the checks use. Implementations are thread-safe; an {@link
 * IOException} means the engine could not be asked or answered with an error, its message names
 * the engine and the reason in one line.
 */
interface DockerEngine {
    /** {@code GET /_ping}; returns normally only when the engine answered OK. */
    void ping() throws IOException;

    /** {@code GET /containers/{name}/json}; empty when the engine knows no such container (404). */
    Optional<ContainerStatus> inspect(String container) throws IOException;
}
