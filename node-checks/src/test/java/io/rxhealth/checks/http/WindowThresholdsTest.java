package io.rxhealth.checks.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WindowThresholdsTest {

    // window 20, min 5; p95 warn 500 / crit 1000 ms; p99 warn 800 / crit 2000 ms; errors warn 10% / crit 20%
    private static final WindowThresholds THRESHOLDS = WindowThresholds.defaults()
            .withP95(Duration.ofMillis(500), Duration.ofMillis(1000))
            .withP99(Duration.ofMillis(800), Duration.ofMillis(2000))
            .withErrorRate(0.1, 0.2);

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                          | n  | failed | lat | p95  | p99  | expected
        all quiet                           | 20 | 0      | 20  | 100  | 200  | -
        p95 at warn reaches it              | 20 | 0      | 20  | 500  | 600  | WARN p95 500 ms over last 20 (warn 500 ms)
        p95 over warn                       | 20 | 0      | 20  | 812  | 812  | WARN p95 812 ms over last 20 (warn 500 ms), WARN p99 812 ms over last 20 (warn 800 ms)
        p95 over crit, p99 under its warn   | 20 | 0      | 20  | 1000 | 700  | CRIT p95 1000 ms over last 20 (crit 1000 ms)
        p99 alone over crit                 | 20 | 0      | 20  | 300  | 2500 | CRIT p99 2500 ms over last 20 (crit 2000 ms)
        error rate just under warn          | 20 | 1      | 20  | 100  | 100  | -
        error rate at warn                  | 20 | 2      | 20  | 100  | 100  | WARN error rate 10% of last 20 (warn 10%)
        error rate over crit                | 20 | 5      | 20  | 100  | 100  | CRIT error rate 25% of last 20 (crit 20%)
        one slow probe at start ignored     | 1  | 0      | 1   | 9000 | 9000 | -
        one failure at start ignored        | 1  | 1      | 0   | -    | -    | -
        four of four failed, still too few  | 4  | 4      | 0   | -    | -    | -
        five probes is enough               | 5  | 5      | 0   | -    | -    | CRIT error rate 100% of last 5 (crit 20%)
        latency needs five latency samples  | 6  | 2      | 4   | 1500 | 1500 | CRIT error rate 33.3% of last 6 (crit 20%)
        both latency and errors             | 8  | 1      | 8   | 600  | 600  | WARN p95 600 ms over last 8 (warn 500 ms), WARN error rate 12.5% of last 8 (warn 10%)
        """)
    void mapsTheWindowToFindings(String scenario, int probes, int failures, int latencySamples,
                                 String p95, String p99, String expected) {
        var stats = new WindowStats(probes, failures, latencySamples, Optional.empty(), millis(p95), millis(p99));
        String findings = THRESHOLDS.evaluate(stats).stream()
                .map(f -> f.level() + " " + f.detail()).collect(Collectors.joining(", "));
        assertThat(findings.isEmpty() ? "-" : findings).as(scenario).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario           | crit only | ms   | expected
        crit without warn    | true      | 1500 | CRIT p95 1500 ms over last 20 (crit 1000 ms)
        under crit, no warn  | true      | 900  | -
        warn without crit    | false     | 5000 | WARN p95 5000 ms over last 20 (warn 500 ms)
        """)
    void appliesASingleBound(String scenario, boolean critOnly, long ms, String expected) {
        var thresholds = new WindowThresholds(20, 5,
                critOnly ? Optional.empty() : Optional.of(Duration.ofMillis(500)),
                critOnly ? Optional.of(Duration.ofMillis(1000)) : Optional.empty(),
                Optional.empty(), Optional.empty(), OptionalDouble.empty(), OptionalDouble.empty());
        var stats = new WindowStats(20, 0, 20, Optional.empty(), millis(String.valueOf(ms)), Optional.empty());
        String findings = thresholds.evaluate(stats).stream()
                .map(f -> f.level() + " " + f.detail()).collect(Collectors.joining(", "));
        assertThat(findings.isEmpty() ? "-" : findings).as(scenario).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario               | window | min | p95 warn | p95 crit | err warn | err crit | message
        empty window             | 0      | 1   | -        | -        | -        | -        | window: 0 (expected: >= 1)
        no minimum               | 20     | 0   | -        | -        | -        | -        | minSamples: 0 (expected: 1..20, the window)
        minimum beyond window    | 20     | 21  | -        | -        | -        | -        | minSamples: 21 (expected: 1..20, the window)
        warn above crit          | 20     | 5   | 900      | 500      | -        | -        | p95Warn: 900 ms (expected: <= p95Crit 500 ms)
        zero latency bound       | 20     | 5   | 0        | 500      | -        | -        | p95Warn: PT0S (expected: > 0)
        error rate as percent    | 20     | 5   | -        | -        | 10       | -        | errorRateWarn: 10.0 (expected: a fraction in (0, 1])
        error rate zero          | 20     | 5   | -        | -        | -        | 0        | errorRateCrit: 0.0 (expected: a fraction in (0, 1])
        error warn above crit    | 20     | 5   | -        | -        | 0.5      | 0.2      | errorRateWarn: 0.5 (expected: <= errorRateCrit 0.2)
        """)
    void rejectsBadThresholdsInOneLine(String scenario, int window, int min, String p95Warn, String p95Crit,
                                       String errWarn, String errCrit, String message) {
        assertThatThrownBy(() -> new WindowThresholds(window, min, millis(p95Warn), millis(p95Crit),
                Optional.empty(), Optional.empty(), fraction(errWarn), fraction(errCrit)))
                .as(scenario).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }

    private static Optional<Duration> millis(String cell) {
        return cell.equals("-") ? Optional.empty() : Optional.of(Duration.ofMillis(Long.parseLong(cell)));
    }

    private static OptionalDouble fraction(String cell) {
        return cell.equals("-") ? OptionalDouble.empty() : OptionalDouble.of(Double.parseDouble(cell));
    }
}
