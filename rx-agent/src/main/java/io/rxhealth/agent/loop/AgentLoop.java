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
import io.rxhealth.weighting.VerdictEngine;
import io.rxhealth.weighting.agentcheck.AgentReplyFormatter;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One background cycle of the agent: run the checks, record them, decide, publish the reply line,
 * and record what changed. Each step is one method or one collaborator: {@link CheckChanges} and
 * {@link VerdictChanges} log transitions only (and keep the history), {@link CheckRecords} feeds
 * metrics and {@code /status}, {@link StateSaves} writes the state file. A reload hands it new
 * checks and a new engine ({@link #reconfigure}); what it remembers (levels, last successes, the
 * verdict, the state file's schedule) carries on. Driven by one scheduler thread, reloads
 * included; {@link #status()} may be read from any thread.
 */
public final class AgentLoop {
    private final MarkerFiles markers;
    private CheckRunner runner;
    private VerdictEngine engine;
    private Function<String, Object> statsOf;
    private final Consumer<String> publish;
    private final History history;
    private final AgentMetrics metrics;
    private final InstantSource wall;
    private final String stateDir;
    private final CheckChanges checkChanges = new CheckChanges();
    private final CheckRecords checkRecords;
    private final VerdictChanges verdictChanges;
    private final StateSaves saves;
    private volatile AgentStatus status;

    /**
     * @param restoredLabel the verdict label the state file held, or null when there was none
     * @param statsOf       extra per-check statistics for {@code /status} (e.g. HTTP latency
     *                      windows), or null for a check that has none
     */
    public AgentLoop(CheckRunner runner, MarkerFiles markers, VerdictEngine engine, Consumer<String> publish,
                     StateFile stateFile, History history, AgentMetrics metrics, InstantSource wall, String stateDir,
                     String restoredLabel, Function<String, Object> statsOf) {
        this.runner = requireNonNull(runner, "runner");
        this.markers = requireNonNull(markers, "markers");
        this.engine = requireNonNull(engine, "engine");
        this.publish = requireNonNull(publish, "publish");
        this.history = requireNonNull(history, "history");
        this.metrics = requireNonNull(metrics, "metrics");
        this.wall = requireNonNull(wall, "wall");
        this.stateDir = stateDir;
        this.statsOf = requireNonNull(statsOf, "statsOf");
        this.checkRecords = new CheckRecords(metrics);
        this.verdictChanges = new VerdictChanges(history, metrics, restoredLabel);
        this.saves = new StateSaves(stateFile, stateDir);
    }

    public AgentStatus status() {
        return status;
    }

    public CheckRunner runner() {
        return runner;
    }

    public VerdictEngine engine() {
        return engine;
    }

    /** From the next cycle on, runs {@code runner}'s checks and decides with {@code engine} (a reload). */
    public void reconfigure(CheckRunner runner, VerdictEngine engine, Function<String, Object> statsOf) {
        this.runner = requireNonNull(runner, "runner");
        this.engine = requireNonNull(engine, "engine");
        this.statsOf = requireNonNull(statsOf, "statsOf");
    }

    /** Runs one cycle. Never throws for a check's sake; an I/O failure of the state file is logged. */
    public AgentStatus cycle() {
        List<CheckRunner.Outcome> outcomes = runner.runAll();
        Instant now = wall.instant();
        outcomes.forEach(o -> checkChanges.log(o.result()));
        List<AgentStatus.CheckStatus> checks = checkRecords.record(outcomes, now, statsOf);
        Decision decision = decide(outcomes);
        String reply = publish(decision);
        metrics.recordVerdict(decision);
        metrics.cycleCompleted(now);
        boolean changed = verdictChanges.record(decision.verdict(), now);
        saves.afterCycle(decision, engine.recoverySnapshot(), changed, now);
        status = new AgentStatus(now, decision.verdict().label(), decision.verdict().state().name(),
                decision.verdict().weightPercent(), decision.ready(), decision.verdict().reasons(), reply.strip(),
                stateDir, List.copyOf(checks), saves.error() != null ? saves.error() : history.writeError());
        return status;
    }

    /** The engine's decision on this cycle's results and the markers as they are now. */
    private Decision decide(List<CheckRunner.Outcome> outcomes) {
        List<CheckResult> results = outcomes.stream().map(CheckRunner.Outcome::result).toList();
        return engine.decide(results, markers.read());
    }

    /** Puts the decision's reply line on 9505 and returns it. */
    private String publish(Decision decision) {
        String reply = AgentReplyFormatter.format(decision);
        publish.accept(reply);
        return reply;
    }
}
