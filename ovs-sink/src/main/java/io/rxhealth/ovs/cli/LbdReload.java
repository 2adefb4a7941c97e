package io.rxhealth.ovs.cli;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.rxhealth.weighting.reload.ConfigReload;
import io.rxhealth.weighting.reload.ReloadLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The shared reload rule ({@link ConfigReload}) wired to the LB daemon's log and metrics. */
final class LbdReload {
    private static final Logger log = LoggerFactory.getLogger(ConfigReload.class);

    /** The daemon's log lines for a reload, under the rule's own name as before it was shared. */
    static final ReloadLog LOG = new ReloadLog() {
        @Override
        public void info(String line) {
            log.info(line);
        }

        @Override
        public void warn(String line) {
            log.warn(line);
        }
    };

    private LbdReload() {
    }

    /** Registers the reload metrics on {@code registry} (each node after a reload has its own). */
    static void register(ConfigReload<?> reload, MeterRegistry registry) {
        Gauge.builder("rxhealth_lbd_config_last_reload_successful", reload, r -> r.lastOk() ? 1 : 0)
                .description("1 if the last reload (or the start) took the config").register(registry);
        Gauge.builder("rxhealth_lbd_config_last_reload_success_timestamp_seconds", reload, ConfigReload::lastSuccessEpochSecond)
                .description("Unix time of the last successful config load (start or reload)").register(registry);
        FunctionCounter.builder("rxhealth_lbd_config_reloads_failed", reload, ConfigReload::failedCount)
                .description("Reloads refused (bad config, kept the running one)").register(registry);
    }
}
