package io.rxhealth.agent.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Decision;
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
        m.recordCheck(CheckResult.ok("disk:/", "40% used"), Duration.ofMillis(20), ok);
        m.recordCheck(CheckResult.warn("disk:/", "85% used"), Duration.ofMillis(30), ok);
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
