package io.rxhealth.agent.loop;

import static java.util.Objects.requireNonNull;

import io.rxhealth.agent.check.CheckRunner;
import io.rxhealth.agent.metrics.AgentMetrics;
import io.rxhealth.agent.status.AgentStatus;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Level;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What each check's outcome leaves behind: its metrics and its line of {@code /status}, both with
 * the last time it passed. One scheduler thread calls it.
 */
final class CheckRecords {
    private final AgentMetrics metrics;
    private final Map<String, Instant> lastSuccess = new HashMap<>();

    CheckRecords(AgentMetrics metrics) {
        this.metrics = requireNonNull(metrics, "metrics");
    }

    /**
     * Records the cycle's outcomes, run at {@code now}, and returns their status lines in the same
     * order, each with the extra statistics {@code statsOf} has for its check (or null).
     */
    List<AgentStatus.CheckStatus> record(List<CheckRunner.Outcome> outcomes, Instant now,
                                         Function<String, Object> statsOf) {
        List<AgentStatus.CheckStatus> lines = new ArrayList<>(outcomes.size());
        for (CheckRunner.Outcome o : outcomes) {
            CheckResult r = o.result();
            if (r.level() == Level.OK) {
                lastSuccess.put(r.check(), now);
            }
            Instant passed = lastSuccess.get(r.check());
            metrics.recordCheck(r, o.duration(), passed, o.timedOut());
            lines.add(new AgentStatus.CheckStatus(r.check(), r.level().name(), r.detail(), o.duration().toMillis(),
                    passed, statsOf.apply(r.check())));
        }
        return lines;
    }
}
