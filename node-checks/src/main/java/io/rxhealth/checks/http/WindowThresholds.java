package io.rxhealth.checks.http;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Sliding-window thresholds of one endpoint: the window keeps the last {@code window} probes;
 * latency percentiles (nearest rank) and the error rate (failed / total) are compared with
 * optional warn and crit bounds. A value at or above a bound reaches it. No bound applies until
 * the window holds {@code minSamples} probes (latency: probes with a latency), so one slow probe
 * right after start does not degrade the node.
 */
public record WindowThresholds(int window, int minSamples,
                               Optional<Duration> p95Warn, Optional<Duration> p95Crit,
                               Optional<Duration> p99Warn, Optional<Duration> p99Crit,
                               OptionalDouble errorRateWarn, OptionalDouble errorRateCrit) {
    public static final int DEFAULT_WINDOW = 20;
    public static final int DEFAULT_MIN_SAMPLES = 5;

    public WindowThresholds {
        if (window < 1) {
            throw new IllegalArgumentException("window: " + window + " (expected: >= 1)");
        }
        if (minSamples < 1 || minSamples > window) {
            throw new IllegalArgumentException("minSamples: " + minSamples + " (expected: 1.." + window + ", the window)");
        }
        latencyPair("p95", p95Warn, p95Crit);
        latencyPair("p99", p99Warn, p99Crit);
        errorRatePair(errorRateWarn, errorRateCrit);
    }

    /** A window of {@value #DEFAULT_WINDOW} probes, {@value #DEFAULT_MIN_SAMPLES} minimum, no bounds. */
    public static WindowThresholds defaults() {
        return new WindowThresholds(DEFAULT_WINDOW, DEFAULT_MIN_SAMPLES, Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), OptionalDouble.empty(), OptionalDouble.empty());
    }

    public WindowThresholds withWindow(int newWindow, int newMinSamples) {
        return new WindowThresholds(newWindow, newMinSamples, p95Warn, p95Crit, p99Warn, p99Crit,
                errorRateWarn, errorRateCrit);
    }

    public WindowThresholds withP95(Duration warn, Duration crit) {
        return new WindowThresholds(window, minSamples, Optional.of(warn), Optional.of(crit), p99Warn, p99Crit,
                errorRateWarn, errorRateCrit);
    }

    public WindowThresholds withP99(Duration warn, Duration crit) {
        return new WindowThresholds(window, minSamples, p95Warn, p95Crit, Optional.of(warn), Optional.of(crit),
                errorRateWarn, errorRateCrit);
    }

    /** Error-rate bounds as fractions of the window, e.g. 0.1 and 0.2. */
    public WindowThresholds withErrorRate(double warn, double crit) {
        return new WindowThresholds(window, minSamples, p95Warn, p95Crit, p99Warn, p99Crit,
                OptionalDouble.of(warn), OptionalDouble.of(crit));
    }

    /** The bounds {@code stats} reaches, at most one per measure (crit wins over warn); empty when none. */
    public List<Finding> evaluate(WindowStats stats) {
        List<Finding> findings = new ArrayList<>(3);
        if (stats.latencySamples() >= minSamples) {
            latency("p95", stats.p95(), p95Warn, p95Crit, stats.latencySamples()).ifPresent(findings::add);
            latency("p99", stats.p99(), p99Warn, p99Crit, stats.latencySamples()).ifPresent(findings::add);
        }
        if (stats.probes() >= minSamples) {
            errorRate(stats).ifPresent(findings::add);
        }
        return findings;
    }

    private static Optional<Finding> latency(String label, Optional<Duration> value, Optional<Duration> warn,
                                             Optional<Duration> crit, int samples) {
        if (value.isEmpty()) {
            return Optional.empty();
        }
        Duration v = value.get();
        String head = label + " " + Formats.millis(v) + " over last " + samples;
        if (crit.isPresent() && v.compareTo(crit.get()) >= 0) {
            return Optional.of(new Finding(Level.CRIT, head + " (crit " + Formats.millis(crit.get()) + ")"));
        }
        if (warn.isPresent() && v.compareTo(warn.get()) >= 0) {
            return Optional.of(new Finding(Level.WARN, head + " (warn " + Formats.millis(warn.get()) + ")"));
        }
        return Optional.empty();
    }

    private Optional<Finding> errorRate(WindowStats stats) {
        double ratio = stats.errorRatio();
        String head = "error rate " + Formats.percent(ratio) + " of last " + stats.probes();
        if (errorRateCrit.isPresent() && ratio >= errorRateCrit.getAsDouble()) {
            return Optional.of(new Finding(Level.CRIT, head + " (crit " + Formats.percent(errorRateCrit.getAsDouble()) + ")"));
        }
        if (errorRateWarn.isPresent() && ratio >= errorRateWarn.getAsDouble()) {
            return Optional.of(new Finding(Level.WARN, head + " (warn " + Formats.percent(errorRateWarn.getAsDouble()) + ")"));
        }
        return Optional.empty();
    }

    private static void latencyPair(String label, Optional<Duration> warn, Optional<Duration> crit) {
        requireNonNull(warn, label + "Warn");
        requireNonNull(crit, label + "Crit");
        warn.ifPresent(w -> positive(label + "Warn", w));
        crit.ifPresent(c -> positive(label + "Crit", c));
        if (warn.isPresent() && crit.isPresent() && warn.get().compareTo(crit.get()) > 0) {
            throw new IllegalArgumentException(label + "Warn: " + Formats.millis(warn.get())
                    + " (expected: <= " + label + "Crit " + Formats.millis(crit.get()) + ")");
        }
    }

    private static void positive(String field, Duration d) {
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(field + ": " + d + " (expected: > 0)");
        }
    }

    private static void errorRatePair(OptionalDouble warn, OptionalDouble crit) {
        requireNonNull(warn, "errorRateWarn");
        requireNonNull(crit, "errorRateCrit");
        fraction("errorRateWarn", warn);
        fraction("errorRateCrit", crit);
        if (warn.isPresent() && crit.isPresent() && warn.getAsDouble() > crit.getAsDouble()) {
            throw new IllegalArgumentException("errorRateWarn: " + warn.getAsDouble()
                    + " (expected: <= errorRateCrit " + crit.getAsDouble() + ")");
        }
    }

    // A bound of 0 would fire on a perfect window; "any error at all" is a bound just above 0.
    private static void fraction(String field, OptionalDouble value) {
        if (value.isPresent() && !(value.getAsDouble() > 0 && value.getAsDouble() <= 1)) {
            throw new IllegalArgumentException(field + ": " + value.getAsDouble() + " (expected: a fraction in (0, 1])");
        }
    }
}
