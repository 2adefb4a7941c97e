package io.rxhealth.ovs.health;

import static java.util.Objects.requireNonNull;

/** Outcome of one liveness probe; {@code detail} is for humans ({@code HTTP 200}, {@code connect refused}). */
public record ProbeResult(boolean passed, String detail) {
    public ProbeResult {
        requireNonNull(detail, "detail");
    }

    public static ProbeResult pass(String detail) {
        return new ProbeResult(true, detail);
    }

    public static ProbeResult fail(String detail) {
        return new ProbeResult(false, detail);
    }
}
