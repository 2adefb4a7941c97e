package io.rxhealth.agent.reload;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.rxhealth.agent.config.ConfigException;
import io.rxhealth.agent.metrics.AgentMetrics;
import io.rxhealth.weighting.reload.ConfigReload;
import java.time.Instant;
import java.time.InstantSource;
import org.junit.jupiter.api.Test;

/** The agent's reload figures, as Prometheus reads them, after a refused reload. */
class AgentReloadTest {
    @Test
    void aRefusedReloadShowsInTheAgentsMetrics() {
        ConfigReload<String> reload = new ConfigReload<>(() -> {
            throw new ConfigException("/etc/rx-health/agent.yaml: interval: \"x\" (expected: a duration)");
        }, "a", (current, next) -> { }, InstantSource.fixed(Instant.ofEpochSecond(1_000)), AgentReload.LOG);
        assertThat(reload.reload()).isEqualTo(ConfigReload.Result.FAILED);

        AgentMetrics metrics = new AgentMetrics(new PrometheusRegistry());
        AgentReload.register(reload, metrics);
        assertThat(metrics.scrape()).contains("rxhealth_config_last_reload_successful 0.0",
                "rxhealth_config_reloads_failed_total 1.0",
                "rxhealth_config_last_reload_success_timestamp_seconds 1000.0");
    }
}
