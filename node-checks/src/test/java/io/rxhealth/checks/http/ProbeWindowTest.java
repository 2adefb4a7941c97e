package io.rxhealth.checks.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProbeWindowTest {

    /**
     * Probes are written {@code ok:MS}, {@code bad:MS} (answered, wrong) and {@code down}
     * (no response); percentiles in ms, {@code -} when there is no latency.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                          | window | probes                            | n | failed | lat | p50 | p95 | p99 | errors
        empty                               | 5      | ''                                | 0 | 0      | 0   | -   | -   | -   | 0.0
        one fast probe                      | 5      | ok:7                              | 1 | 0      | 1   | 7   | 7   | 7   | 0.0
        percentiles over answered probes    | 5      | ok:10 ok:40 bad:30 ok:20 ok:50    | 5 | 1      | 5   | 30  | 50  | 50  | 0.2
        unreachable adds no latency         | 5      | ok:10 down ok:30 down             | 4 | 2      | 2   | 10  | 30  | 30  | 0.5
        only unreachable                    | 5      | down down                         | 2 | 2      | 0   | -   | -   | -   | 1.0
        oldest evicted first                | 3      | bad:900 ok:1 ok:2 ok:3            | 3 | 0      | 3   | 2   | 3   | 3   | 0.0
        a failure leaves with its slot      | 3      | down ok:5 ok:6 ok:7 bad:8         | 3 | 1      | 3   | 7   | 8   | 8   | 0.33
        wraps around more than once         | 2      | ok:1 ok:2 ok:3 ok:4 ok:5 bad:6    | 2 | 1      | 2   | 5   | 6   | 6   | 0.5
        """)
    void summarisesTheLastProbes(String scenario, int capacity, String probes, int n, int failed, int latencies,
                                 String p50, String p95, String p99, double errors) {
        var window = new ProbeWindow(capacity);
        for (String probe : probes.split(" ")) {
            if (!probe.isEmpty()) {
                window.record(parse(probe));
            }
        }
        WindowStats stats = window.stats();
        assertThat(stats.probes()).as(scenario).isEqualTo(n);
        assertThat(stats.failures()).as(scenario).isEqualTo(failed);
        assertThat(stats.latencySamples()).as(scenario).isEqualTo(latencies);
        assertThat(stats.p50()).as(scenario + " p50").isEqualTo(millis(p50));
        assertThat(stats.p95()).as(scenario + " p95").isEqualTo(millis(p95));
        assertThat(stats.p99()).as(scenario + " p99").isEqualTo(millis(p99));
        assertThat(stats.errorRatio()).as(scenario).isCloseTo(errors, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void rejectsAnEmptyWindow() {
        assertThatThrownBy(() -> new ProbeWindow(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("window: 0 (expected: >= 1)");
    }

    private static Probe parse(String probe) {
        if (probe.equals("down")) {
            return Probe.unreachable();
        }
        String[] parts = probe.split(":");
        long nanos = Duration.ofMillis(Long.parseLong(parts[1])).toNanos();
        return Probe.measured(parts[0].equals("ok"), nanos);
    }

    private static Optional<Duration> millis(String cell) {
        return cell.equals("-") ? Optional.empty() : Optional.of(Duration.ofMillis(Long.parseLong(cell)));
    }
}
