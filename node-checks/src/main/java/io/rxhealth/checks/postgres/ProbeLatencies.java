package io.rxhealth.checks.postgres;

import io.rxhealth.checks.http.Finding;
import io.rxhealth.checks.http.Probe;
import io.rxhealth.checks.http.ProbeWindow;
import io.rxhealth.checks.http.WindowThresholds;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The connect and query time windows of one database check, with its warm-up. The first probe of
 * a fresh agent that logs in loads most of the driver (the protocol, SCRAM, TLS) on a JVM that has
 * compiled nothing yet: 0.3 s on a quiet machine, over 3 s on a loaded one, where later probes take
 * 20 ms. With fewer than 20 samples a window's p95 is its maximum, so that one probe would hold the
 * p95 over its bounds for the next 20 cycles. Until a probe has logged in, and for that probe, the
 * times are therefore left out of the windows; the outcome still counts (a failure is a failure,
 * and in the error rate). Thread-safe.
 */
final class ProbeLatencies {
    private final WindowThresholds thresholds;
    private final ProbeWindow connect;
    private final ProbeWindow query;
    private boolean warm;

    ProbeLatencies(WindowThresholds thresholds) {
        this.thresholds = thresholds;
        this.connect = new ProbeWindow(thresholds.window());
        this.query = new ProbeWindow(thresholds.window());
    }

    /**
     * Records one probe and returns the bounds the windows now reach. Negative times mean "not
     * measured"; {@code reached} is the stage the probe got to (from {@link Stage#QUERY} on it had
     * logged in).
     */
    synchronized List<Finding> record(boolean success, long connectNanos, long queryNanos, Stage reached) {
        boolean counted = warm;
        connect.record(probe(success, counted ? connectNanos : -1));
        if (reached.compareTo(Stage.QUERY) >= 0 || success) {
            query.record(probe(success, counted ? queryNanos : -1));
        }
        warm = warm || reached.compareTo(Stage.QUERY) >= 0;
        List<Finding> out = new ArrayList<>();
        for (Finding f : thresholds.evaluate(connect.stats())) {
            out.add(new Finding(f.level(), "connect " + f.detail()));
        }
        for (Finding f : thresholds.evaluate(query.stats())) {
            out.add(new Finding(f.level(), "query " + f.detail()));
        }
        return out;
    }

    /** Whether a probe has logged in since the check started: its times now count. */
    synchronized boolean warm() {
        return warm;
    }

    private static Probe probe(boolean success, long nanos) {
        return new Probe(success, nanos >= 0 ? OptionalLong.of(nanos) : OptionalLong.empty());
    }
}
