package io.rxhealth.agent.reload;

import io.rxhealth.agent.metrics.AgentMetrics;
import io.rxhealth.weighting.reload.ConfigReload;
import io.rxhealth.weighting.reload.ReloadLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The shared reload rule ({@link ConfigReload}) wired to the agent's log and metrics. */
public final class AgentReload {
    private static final Logger log = LoggerFactory.getLogger(ConfigReload.class);

    /** The agent's log lines for a reload, under the rule's own name as before it was shared. */
    public static final ReloadLog LOG = new ReloadLog() {
        @Override
        public void info(String line) {
            log.info(line);
        }

        @Override
        public void warn(String line) {
            log.warn(line);
        }
    };

    private AgentReload() {
    }

    /** Registers the reload metrics (one family each, like Prometheus' own config reload metrics). */
    public static void register(ConfigReload<?> reload, AgentMetrics metrics) {
        metrics.gauge("rxhealth_config_last_reload_successful", "1 if the last reload (or the start) took the config",
                cb -> cb.call(reload.lastOk() ? 1 : 0));
        metrics.gauge("rxhealth_config_last_reload_success_timestamp_seconds",
                "Unix time of the last successful config load (start or reload)",
                cb -> cb.call(reload.lastSuccessEpochSecond()));
        metrics.counter("rxhealth_config_reloads_failed", "Reloads refused (bad config, kept the running one)",
                reload::failedCount);
    }
}
