package io.rxhealth.ovs.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.ovs.pool.LbMetrics;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Gauges of suppliers (such as {@code rxhealth_lbd_member_slots}) keep reporting after a garbage collection. */
class LbMetricsGaugeTest {
    @Test
    void supplierGaugeStillReadsAfterTheLambdaIsOnlyHeldByTheRegistry() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        AtomicInteger held = new AtomicInteger(512);
        new LbMetrics(registry).gauge("rxhealth_lbd_member_slots", "slots", Map.of("pool", "web"), () -> held.get());

        // A weakly held supplier is collected here and the gauge reads NaN.
        System.gc();
        System.gc();

        assertThat(registry.get("rxhealth_lbd_member_slots").tag("pool", "web").gauge().value()).isEqualTo(512.0);
        held.set(341);
        assertThat(registry.scrape()).contains("rxhealth_lbd_member_slots{pool=\"web\"} 341");
    }
}
