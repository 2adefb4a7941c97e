package io.rxhealth.checks.http;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Level;

/** One threshold that a window crossed: the level it maps to and a line saying which and by how much. */
public record Finding(Level level, String detail) {
    public Finding {
        requireNonNull(level, "level");
        requireNonNull(detail, "detail");
    }
}
