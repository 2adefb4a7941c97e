package io.rxhealth.ovs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.ovs.config.ConfigException;
import io.rxhealth.weighting.reload.ConfigReload;
import java.time.Instant;
import java.time.InstantSource;
import org.junit.jupiter.api.Test;

/** The LB daemon's reload figures, as Prometheus reads them, after a refused reload. */
class LbdReloadTest {
    @Test
    void aRefusedReloadShowsInTheDaemonsMetrics() {
        ConfigReload<String> reload = new ConfigReload<>(() -> {
            throw new ConfigException("/etc/rx-health/lbd.yaml: pools: missing (expected: a list)");
        }, "a", (current, next) -> { }, InstantSource.fixed(Instant.ofEpochSecond(1_000)), LbdReload.LOG);
        assertThat(reload.reload()).isEqualTo(ConfigReload.Result.FAILED);

        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        LbdReload.register(reload, registry);
        assertThat(registry.scrape()).contains("rxhealth_lbd_config_last_reload_successful 0.0",
                "rxhealth_lbd_config_reloads_failed_total 1.0",
                "rxhealth_lbd_config_last_reload_success_timestamp_seconds 1000.0");
    }
}
