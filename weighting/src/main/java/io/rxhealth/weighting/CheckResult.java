package io.rxhealth.weighting;

import static java.util.Objects.requireNonNull;

/** Outcome of one run of one {@link Check}. {@code detail} is for humans, never parsed. */
public record CheckResult(String check, Level level, String detail) {
    public CheckResult {
        requireNonNull(check, "check");
        requireNonNull(level, "level");
        detail = detail == null ? "" : detail;
    }

    public static CheckResult ok(String check, String detail) {
        return new CheckResult(check, Level.OK, detail);
    }

    public static CheckResult warn(String check, String detail) {
        return new CheckResult(check, Level.WARN, detail);
    }

    public static CheckResult crit(String check, String detail) {
        return new CheckResult(check, Level.CRIT, detail);
    }

    public static CheckResult unknown(String check, String detail) {
        return new CheckResult(check, Level.UNKNOWN, detail);
    }
}
