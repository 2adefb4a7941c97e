package io.rxhealth.agent.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Quantile;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Decision;
import io.rxhealth.weighting.Promtool;
import io.rxhealth.weighting.State;
import io.rxhealth.weighting.Verdict;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgentMetricsTest {
    @Test
    void beforeTheFirstVerdictTheWeightIsMinusOneAndNoStateIsSet() {
        String text = new AgentMetrics(new PrometheusRegistry()).scrape();
        assertThat(text).contains("rxhealth_verdict_weight_percent -1.0", "rxhealth_verdict_state{state=\"up\"} 0.0",
                "rxhealth_verdict_transitions_total 0.0");
    }

    @Test
    void showsTheVerdictTheChecksAndTheirRunTimes() {
        AgentMetrics m = new AgentMetrics(new PrometheusRegistry());
        Instant ok = Instant.parse("2026-11-30T10:00:00Z");
        m.recordCheck(CheckResult.ok("disk:/", "40% used"), Duration.ofMillis(20), ok, false);
        m.recordCheck(CheckResult.warn("disk:/", "85% used"), Duration.ofMillis(30), ok, false);
        m.recordVerdict(new Decision(Verdict.up(75, List.of("disk:/ warn")), State.UP, false));
        m.countTransition();
        assertThat(m.scrape()).contains(
                "rxhealth_verdict_weight_percent 75.0",
                "rxhealth_verdict_state{state=\"up\"} 1.0",
                "rxhealth_verdict_state{state=\"down\"} 0.0",
                "rxhealth_verdict_transitions_total 1.0",
                "rxhealth_check_level{check=\"disk:/\"} 1.0",
                "rxhealth_check_last_success_timestamp_seconds{check=\"disk:/\"} " + (double) ok.getEpochSecond(),
                "rxhealth_check_duration_seconds_count{check=\"disk:/\"} 2",
                "rxhealth_check_duration_seconds_sum{check=\"disk:/\"} 0.05");
    }

    @Test
    void countsFailuresAndTimeoutsPerCheckAndTheLastCycle() {
        AgentMetrics m = new AgentMetrics(new PrometheusRegistry());
        Instant never = null;
        m.recordCheck(CheckResult.ok("db", "ok"), Duration.ofMillis(5), never, false);
        m.recordCheck(CheckResult.crit("db", "refused"), Duration.ofMillis(5), never, false);
        m.recordCheck(CheckResult.unknown("db", "timed out after 1000 ms"), Duration.ofSeconds(1), never, true);
        m.recordCheck(CheckResult.warn("db", "slow"), Duration.ofMillis(900), never, false);
        assertThat(m.scrape()).contains("rxhealth_cycle_last_completed_timestamp_seconds 0.0");
        m.cycleCompleted(Instant.parse("2026-11-30T10:00:00.250Z"));
        assertThat(m.scrape()).contains(
                "rxhealth_check_failures_total{check=\"db\"} 2.0",
                "rxhealth_check_timeouts_total{check=\"db\"} 1.0",
                "rxhealth_cycle_last_completed_timestamp_seconds " + (Instant.parse("2026-11-30T10:00:00Z")
                        .getEpochSecond() + 0.25));
    }

    @Test
    void aFullScrapePassesPromtool() throws Exception {
        AgentMetrics m = new AgentMetrics(new PrometheusRegistry());
        m.buildInfo("0.3.0", "0123456789ab", "17.0.13");
        m.processAndJvm();
        m.recordCheck(CheckResult.crit("disk:/", "99% used"), Duration.ofMillis(3), null, false);
        m.recordVerdict(new Decision(Verdict.up(50, List.of("disk:/ crit")), State.UP, false));
        m.cycleCompleted(Instant.parse("2026-11-30T10:00:00Z"));
        m.counter("rxhealth_agentcheck_replies", "Replies written", () -> 3);
        m.summary("rxhealth_http_latency_seconds", "Latency", cb -> cb.call(4, 0.048,
                Quantiles.of(new Quantile(0.5, 0.011), new Quantile(0.95, Double.NaN)), "storage"), "check");
        String text = m.scrape();
        assertThat(text).contains("process_cpu_seconds_total", "process_resident_memory_bytes", "process_open_fds",
                "jvm_memory_used_bytes{area=\"heap\"}", "process_threads", "jvm_runtime_info{",
                "rxhealth_http_latency_seconds{check=\"storage\",quantile=\"0.5\"} 0.011",
                "rxhealth_http_latency_seconds_count{check=\"storage\"} 4");
        Promtool.assertClean(text);
    }

    @Test
    void registersCountersAndLabelledGaugesReadAtScrapeTime() {
        AgentMetrics m = new AgentMetrics(new PrometheusRegistry());
        long[] replies = {3};
        m.counter("rxhealth_agentcheck_replies", "Replies written", () -> replies[0]);
        m.gauge("rxhealth_http_latency_seconds", "Latency", cb -> cb.call(0.012, "storage", "0.95"), "check",
                "quantile");
        replies[0] = 7;
        assertThat(m.scrape()).contains("rxhealth_agentcheck_replies_total 7.0",
                "rxhealth_http_latency_seconds{check=\"storage\",quantile=\"0.95\"} 0.012");
    }

    @Test
    void buildInfoIsOneWithWhatRunsInItsLabels() {
        AgentMetrics m = new AgentMetrics(new PrometheusRegistry());
        m.buildInfo("0.3.0", "0123456789ab", "17.0.13");
        assertThat(m.scrape()).contains(
                "rxhealth_build_info{java=\"17.0.13\",revision=\"0123456789ab\",version=\"0.3.0\"} 1.0");
    }
}
