package io.rxhealth.checks.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PercentilesTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                        | n    | percentile | expected (values are 1..n)
        p50 of 20                         | 20   | 50         | 10
        p95 of 20 is the 19th             | 20   | 95         | 19
        p99 of 20 is the largest          | 20   | 99         | 20
        p95 of 100                        | 100  | 95         | 95
        p99 of 100                        | 100  | 99         | 99
        p100 is the largest               | 100  | 100        | 100
        p50 of 5 rounds the rank up       | 5    | 50         | 3
        p95 of 5 is the largest           | 5    | 95         | 5
        p20 of 5 is exactly rank 1        | 5    | 20         | 1
        p99.9 of 1000 is exactly rank 999 | 1000 | 99.9       | 999
        tiny percentile is the smallest   | 1000 | 0.001      | 1
        one value is every percentile     | 1    | 99         | 1
        """)
    void takesTheValueAtTheNearestRank(String scenario, int n, double percentile, long expected) {
        long[] sorted = LongStream.rangeClosed(1, n).toArray();
        assertThat(Percentiles.nearestRank(sorted, percentile)).as(scenario).isEqualTo(expected);
    }

    @Test
    void isAlwaysAnObservedValueAndMonotonicInThePercentile() {
        var random = new Random(20261130L);
        for (int round = 0; round < 200; round++) {
            long[] sorted = LongStream.generate(() -> random.nextInt(5_000)).limit(1 + random.nextInt(50)).sorted().toArray();
            long p50 = Percentiles.nearestRank(sorted, 50);
            long p95 = Percentiles.nearestRank(sorted, 95);
            long p99 = Percentiles.nearestRank(sorted, 99);
            assertThat(sorted).contains(p50, p95, p99);
            assertThat(p50).isLessThanOrEqualTo(p95);
            assertThat(p95).isLessThanOrEqualTo(p99);
            // Nearest rank: at least p% of the values are <= the result.
            long atOrBelow = LongStream.of(sorted).filter(v -> v <= p95).count();
            assertThat(atOrBelow * 100).isGreaterThanOrEqualTo(95L * sorted.length);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario   | n | percentile | message
        no values    | 0 | 50         | values: empty (expected: at least one value)
        zero         | 3 | 0          | percentile: 0.0 (expected: in (0, 100])
        above 100    | 3 | 100.5      | percentile: 100.5 (expected: in (0, 100])
        """)
    void rejectsWhatHasNoPercentile(String scenario, int n, double percentile, String message) {
        long[] sorted = LongStream.rangeClosed(1, n).toArray();
        assertThatThrownBy(() -> Percentiles.nearestRank(sorted, percentile)).as(scenario)
                .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }
}
