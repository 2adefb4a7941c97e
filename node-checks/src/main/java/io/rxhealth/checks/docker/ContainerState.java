package io.rxhealth.checks.docker;

import java.util.Locale;

/** Lifecycle state of a container as the Docker Engine API reports it in {@code State.Status}. */
enum ContainerState {
    CREATED, RUNNING, PAUSED, RESTARTING, STOPPING, REMOVING, EXITED, DEAD;

    /**
     * Parses {@code State.Status}. Podman's compat API may also report its own words: {@code
     * configured} and {@code initialized} (created, never started), {@code stopping} (between a
     * stop request and the exit, about two seconds) and {@code stopped} (exited).
     */
    static ContainerState parse(String status) {
        var word = status.toLowerCase(Locale.ROOT);
        switch (word) {
            case "configured":
            case "initialized":
                return CREATED;
            case "stopped":
                return EXITED;
            default:
                for (var state : values()) {
                    if (state.word().equals(word)) {
                        return state;
                    }
                }
                throw new IllegalArgumentException("container status: '" + status
                        + "' (expected: created, running, paused, restarting, stopping, removing, exited or dead)");
        }
    }

    /** The word the Engine API uses, e.g. {@code exited}. */
    String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
