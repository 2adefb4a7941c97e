package io.rxhealth.agent.loop;

import static java.util.Objects.requireNonNull;

import io.rxhealth.agent.check.CheckRunner;
import io.rxhealth.agent.metrics.AgentMetrics;
import io.rxhealth.agent.state.History;
import io.rxhealth.agent.state.MarkerFiles;
import io.rxhealth.agent.state.StateFile;
import io.rxhealth.agent.status.AgentStatus;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Decision;
import io.rxhealth.weighting.Level;
import io.rxhealth.weighting.Markers;
import io.rxhealth.weighting.RecoverySnapshot;
import io.rxhealth.weighting.VerdictEngine;
import io.rxhealth.weighting.agentcheck.AgentReplyFormatter;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One background cycle of the agent: run the checks, read the markers, decide, publish the reply
 * line, and record what changed (log lines for transitions only, state file, history, metrics).
 * Driven by one scheduler thread; {@link #status()} may be read from any thread.
 */
public final class AgentLoop {
    private static final Logger log = LoggerFactory.getLogger(AgentLoop.class);
    private static final Duration SAVE_WHILE_RECOVERING = Duration.ofSeconds(15);

    private final CheckRunner runner;
    private final MarkerFiles markers;
    private final VerdictEngine engine;
    private final Consumer<String> publish;
    private final StateFile stateFile;
    private final History history;
    private final AgentMetrics metrics;
    private final InstantSource wall;
    private final String stateDir;
    private final Function<String, Object> statsOf;

    private final Map<String, Level> lastLevels = new HashMap<>();
    private final Map<String, Instant> lastSuccess = new HashMap<>();
    private String lastLabel;
    private RecoverySnapshot.Phase lastPhase;
    private Instant lastSave = Instant.EPOCH;
    private String saveError;
    private volatile AgentStatus status;

    /**
     * @param statsOf extra per-check statistics for {@code /status} (e.g. HTTP latency windows), or
     *                null for a check that has none
     */
    public AgentLoop(CheckRunner runner, MarkerFiles markers, VerdictEngine engine, Consumer<String> publish,
              StateFile stateFile, History history, AgentMetrics metrics, InstantSource wall, String stateDir,
              String restoredLabel, Function<String, Object> statsOf) {
        this.runner = requireNonNull(runner, "runner");
        this.markers = requireNonNull(markers, "markers");
        this.engine = requireNonNull(engine, "engine");
        this.publish = requireNonNull(publish, "publish");
        this.stateFile = requireNonNull(stateFile, "stateFile");
        this.history = requireNonNull(history, "history");
        this.metrics = requireNonNull(metrics, "metrics");
        this.wall = requireNonNull(wall, "wall");
        this.stateDir = stateDir;
        this.lastLabel = restoredLabel;
        this.statsOf = requireNonNull(statsOf, "statsOf");
    }

    public AgentStatus status() {
        return status;
    }

    /** Runs one cycle. Never throws for a check's sake; an I/O failure of the state file is logged. */
    public AgentStatus cycle() {
        List<CheckRunner.Outcome> outcomes = runner.runAll();
        Instant now = wall.instant();
        List<CheckResult> results = new ArrayList<>(outcomes.size());
        List<AgentStatus.CheckStatus> checks = new ArrayList<>(outcomes.size());
        for (CheckRunner.Outcome o : outcomes) {
            CheckResult r = o.result();
            results.add(r);
            Level before = lastLevels.put(r.check(), r.level());
            if (before != null && before != r.level()) {
                log.info("check {}: {} -> {}: {}", r.check(), before, r.level(), r.detail());
            } else if (before == null && r.level() != Level.OK) {
                log.info("check {}: {}: {}", r.check(), r.level(), r.detail());
            }
            if (r.level() == Level.OK) {
                lastSuccess.put(r.check(), now);
            }
            metrics.recordCheck(r, o.duration(), lastSuccess.get(r.check()));
            checks.add(new AgentStatus.CheckStatus(r.check(), r.level().name(), r.detail(),
                    o.duration().toMillis(), lastSuccess.get(r.check()), statsOf.apply(r.check())));
        }
        Markers m = markers.read();
        Decision decision = engine.decide(results, m);
        String reply = AgentReplyFormatter.format(decision);
        publish.accept(reply);
        String label = decision.verdict().label();
        metrics.recordVerdict(decision);
        RecoverySnapshot recovery = engine.recoverySnapshot();
        if (!Objects.equals(label, lastLabel)) {
            log.info("verdict {} -> {}{}", lastLabel == null ? "(start)" : lastLabel, label,
                    decision.verdict().reasons().isEmpty() ? "" : ": " + String.join("; ", decision.verdict().reasons()));
            history.add(new History.Transition(now, lastLabel == null ? "" : lastLabel, label,
                    decision.verdict().reasons()));
            metrics.countTransition();
        }
        boolean phaseChanged = recovery.phase() != lastPhase;
        boolean recoveringDue = recovery.phase() == RecoverySnapshot.Phase.RECOVERING
                && Duration.between(lastSave, now).compareTo(SAVE_WHILE_RECOVERING) >= 0;
        if (!Objects.equals(label, lastLabel) || phaseChanged || recoveringDue) {
            save(decision, recovery, now);
        }
        lastLabel = label;
        lastPhase = recovery.phase();
        status = new AgentStatus(now, label, decision.verdict().state().name(), decision.verdict().weightPercent(),
                decision.ready(), decision.verdict().reasons(), reply.strip(), stateDir, List.copyOf(checks),
                saveError != null ? saveError : history.writeError());
        return status;
    }

    private void save(Decision decision, RecoverySnapshot recovery, Instant now) {
        try {
            stateFile.save(new StateFile.Saved(1, now, decision.verdict().state(), decision.verdict().weightPercent(),
                    recovery.phase(), recovery.elapsed().toMillis()));
            lastSave = now;
            if (saveError != null) {
                log.info("state file in {} written again", stateDir);
                saveError = null;
            }
        } catch (IOException e) {
            // Once per change of reason: a full or read-only state dir must not flood the log.
            String reason = "cannot write state file in " + stateDir + ": " + e;
            if (!reason.equals(saveError)) {
                log.warn("{}; 9505 keeps answering, a restart would start the recovery window afresh", reason);
            }
            saveError = reason;
        }
    }
}
