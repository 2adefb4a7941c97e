package io.rxhealth.agent.loop;

import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Level;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The log line of a check whose level changed, and of a check first seen other than OK: the log
 * tells what happened, not what every cycle found. One scheduler thread calls it.
 */
final class CheckChanges {
    // Named after the loop, as these lines were before it was split: log filters match "AgentLoop".
    private static final Logger log = LoggerFactory.getLogger(AgentLoop.class);

    private final Map<String, Level> lastLevels = new HashMap<>();

    void log(CheckResult r) {
        Level before = lastLevels.put(r.check(), r.level());
        if (before != null && before != r.level()) {
            log.info("check {}: {} -> {}: {}", r.check(), before, r.level(), r.detail());
        } else if (before == null && r.level() != Level.OK) {
            log.info("check {}: {}: {}", r.check(), r.level(), r.detail());
        }
    }
}
