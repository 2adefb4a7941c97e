package io.rxhealth.checks.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BacklogTest {
    /** Feeds the cycles "ready/consumers ..." in order and returns what the last one says. */
    private static Optional<String> after(String cycles, QueueSpec spec) {
        Backlog b = Backlog.START;
        Optional<String> last = Optional.empty();
        for (String cycle : cycles.trim().split("\\s+")) {
            long[] v = Arrays.stream(cycle.split("/")).mapToLong(Long::parseLong).toArray();
            b = b.next(v[0], (int) v[1]);
            last = b.stuck(spec, v[0], (int) v[1]);
        }
        return last;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                         | max  | rising | cycles (ready/consumers)     | expected
        empty queue                        | 100  | 3      | 0/0 0/0 0/0 0/0              |
        rising three cycles, no consumer   | 100  | 3      | 0/0 1/0 2/0 5/0              | ready rising for 3 cycles (0 -> 5) with no consumer
        rising two cycles only             | 100  | 3      | 0/0 1/0 2/0                  |
        first sample alone is no rise      | 100  | 2      | 50/0                         |
        a consumer resets the run          | 100  | 3      | 0/0 1/0 2/1 3/0 4/0          |
        a flat cycle resets the run        | 100  | 3      | 0/0 1/0 1/0 2/0 3/0          |
        run restarts after a flat cycle    | 100  | 3      | 0/0 1/0 1/0 2/0 3/0 4/0      | ready rising for 3 cycles (1 -> 4) with no consumer
        a fall resets the run              | 100  | 2      | 5/0 6/0 2/0 3/0              |
        over max with consumers            | 100  | 3      | 150/4                        | 150 ready (max 100), 4 consumers
        at max exactly                     | 100  |        | 100/1                        | 100 ready (max 100), 1 consumer
        no max, only rising                |      | 2      | 1000000/0 1000001/0          |
        rising with consumers is drain lag | 100  | 2      | 1/2 5/2 9/2                  |
        """)
    void rule(String scenario, Long max, Integer rising, String cycles, String expected) {
        QueueSpec spec = new QueueSpec("q", "q", max == null ? OptionalLong.empty() : OptionalLong.of(max),
                rising == null ? OptionalInt.empty() : OptionalInt.of(rising));
        assertThat(after(cycles, spec)).isEqualTo(Optional.ofNullable(expected));
    }
}
