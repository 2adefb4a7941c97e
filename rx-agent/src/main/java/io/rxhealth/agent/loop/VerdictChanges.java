package io.rxhealth.agent.loop;

import static java.util.Objects.requireNonNull;

import io.rxhealth.agent.metrics.AgentMetrics;
import io.rxhealth.agent.state.History;
import io.rxhealth.weighting.Verdict;
import java.time.Instant;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A change of the served verdict: one log line, one history entry, one count. The first verdict
 * after a start is a change from the one the state file restored (or from nothing). One scheduler
 * thread calls it.
 */
final class VerdictChanges {
    // Named after the loop, as these lines were before it was split: log filters match "AgentLoop".
    private static final Logger log = LoggerFactory.getLogger(AgentLoop.class);

    private final History history;
    private final AgentMetrics metrics;
    private String lastLabel;

    /** @param restoredLabel the label the state file held, or null when there was none */
    VerdictChanges(History history, AgentMetrics metrics, String restoredLabel) {
        this.history = requireNonNull(history, "history");
        this.metrics = requireNonNull(metrics, "metrics");
        this.lastLabel = restoredLabel;
    }

    /** Records {@code verdict}, served from {@code now}; true if it differs from the one before. */
    boolean record(Verdict verdict, Instant now) {
        String label = verdict.label();
        if (Objects.equals(label, lastLabel)) {
            return false;
        }
        log.info("verdict {} -> {}{}", lastLabel == null ? "(start)" : lastLabel, label,
                verdict.reasons().isEmpty() ? "" : ": " + String.join("; ", verdict.reasons()));
        history.add(new History.Transition(now, lastLabel == null ? "" : lastLabel, label, verdict.reasons()));
        metrics.countTransition();
        lastLabel = label;
        return true;
    }
}
