package io.rxhealth.ovs.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.ovs.build.BuildInfo;
import io.rxhealth.ovs.health.ProbeResult;
import io.rxhealth.ovs.slots.MemberSpec;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.RecordingSlotTableWriter;
import io.rxhealth.weighting.Promtool;
import io.rxhealth.weighting.maglev.Maglev;
import java.time.Instant;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The pool's gauges, timers and table info as Prometheus scrapes them. */
class PoolMetricsTest {
    private static final String A = "10.20.0.2:8080";
    private static final String B = "10.20.0.3:8080";
    private static final InstantSource CLOCK = InstantSource.fixed(Instant.parse("2026-11-30T12:00:00Z"));

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final LbMetrics metrics = new LbMetrics(registry, new BuildInfo("0.1.0-SNAPSHOT", "0123456789ab", "17.0.13"));
    private final Map<String, MemberRuntime> members = new LinkedHashMap<>();
    private final RecordingSlotTableWriter writer = new RecordingSlotTableWriter();
    private final PoolSpec pool = new PoolSpec(7, "web", "192.168.5.21", 80, 1024, List.of(
            new MemberSpec(A, 1, "10.20.0.2", 8080, 100),
            new MemberSpec(B, 2, "10.20.0.3", 8080, 50)));
    private PoolController controller;

    @BeforeEach
    void setUp() {
        for (MemberSpec m : pool.members()) {
            members.put(m.key(), new MemberRuntime(m.key(), MemberSnapshot.initial(1, 1, true), () -> { }, metrics,
                    CLOCK));
        }
        controller = new PoolController(List.of(pool), members, writer, metrics, CLOCK);
        members.values().forEach(m -> m.onProbe(ProbeResult.pass("HTTP 200")));
    }

    @Test
    void beforeTheFirstApplyThereIsNoTableInfoAndNoSuccessTime() {
        assertThat(registry.scrape()).doesNotContain("rxhealth_lbd_pool_table_info{")
                .contains("rxhealth_lbd_pool_last_apply_success_timestamp_seconds{pool=\"web\"} 0.0");
    }

    @Test
    void anApplyIsTimedAndSetsTheTableInfoTheSuccessTimeAndTheWeights() {
        controller.reconcile(false);
        members.get(B).onAgentReply("up 50%");
        controller.reconcile(false);

        String digest = controller.installed(7).digest();
        String scrape = registry.scrape();
        assertThat(scrape).contains(
                "rxhealth_lbd_pool_table_info{digest=\"" + digest + "\",layout_version=\"" + Maglev.LAYOUT_VERSION
                        + "\",pool=\"web\"} 1",
                "rxhealth_lbd_pool_last_apply_success_timestamp_seconds{pool=\"web\"} 1.79604E9",
                "rxhealth_lbd_member_effective_weight{member=\"" + A + "\",pool=\"web\"} 100",
                "rxhealth_lbd_member_effective_weight{member=\"" + B + "\",pool=\"web\"} 25",
                "rxhealth_lbd_pool_members{pool=\"web\"} 2",
                "rxhealth_lbd_pool_members_up{pool=\"web\"} 2",
                "rxhealth_lbd_pool_fail_close{pool=\"web\"} 0",
                "rxhealth_lbd_slot_table_apply_seconds_count{pool=\"web\"} 2",
                "rxhealth_lbd_slot_table_apply_seconds_bucket{pool=\"web\",le=\"+Inf\"} 2",
                "rxhealth_lbd_reconcile_seconds_count 2",
                "rxhealth_lbd_build_info{java=\"17.0.13\",revision=\"0123456789ab\",version=\"0.1.0-SNAPSHOT\"} 1");
        // One series per pool: the previous digest's is gone.
        assertThat(scrape.lines().filter(l -> l.startsWith("rxhealth_lbd_pool_table_info{"))).hasSize(1);
    }

    @Test
    void everyMemberOutIsFailCloseWithNoMemberUp() {
        members.values().forEach(m -> m.setOperatorDrain(true));
        controller.reconcile(false);

        assertThat(registry.scrape()).contains("rxhealth_lbd_pool_fail_close{pool=\"web\"} 1",
                "rxhealth_lbd_pool_members_up{pool=\"web\"} 0",
                "rxhealth_lbd_member_effective_weight{member=\"" + A + "\",pool=\"web\"} 0");
    }

    @Test
    void theScrapePassesPromtool() throws Exception {
        controller.reconcile(false);
        members.get(A).onAgentReply("drain");
        controller.reconcile(false);

        assertThat(registry.scrape()).contains("# TYPE process_cpu_seconds_total counter", "jvm_memory_used_bytes{");
        Promtool.assertClean(registry.scrape());
    }

    @Test
    void aSecondMetricsOnTheSameRegistryDoesNotFail() {
        new LbMetrics(registry, new BuildInfo("0.2.0", "unknown", "17.0.13"));

        assertThat(registry.scrape()).contains("rxhealth_lbd_build_info{java=\"17.0.13\",revision=\"0123456789ab\"");
    }
}
