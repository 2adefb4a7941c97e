package io.rxhealth.checks.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.FakeTicker;
import io.rxhealth.weighting.Level;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SustainedCritTest {
    /**
     * One reading every 10 s, crit must hold 30 s. {@code readings}: the inner check's levels in
     * turn; {@code reported}: what the sustained check says for each.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                          | readings                          | reported
        a burst is only a warning           | OK CRIT CRIT OK                   | OK WARN WARN OK
        crit that holds counts at 30 s      | CRIT CRIT CRIT CRIT CRIT          | WARN WARN WARN CRIT CRIT
        a quiet reading restarts the streak | CRIT CRIT CRIT OK CRIT CRIT CRIT  | WARN WARN WARN OK WARN WARN WARN
        a warn reading restarts it too      | CRIT CRIT WARN CRIT CRIT CRIT CRIT| WARN WARN WARN WARN WARN WARN CRIT
        no reading neither ends nor extends | CRIT UNKNOWN CRIT CRIT            | WARN UNKNOWN WARN CRIT
        """)
    void countsCritOnlyOnceItHeld(String scenario, String readings, String reported) throws Exception {
        var ticker = new FakeTicker();
        Deque<Level> levels = new ArrayDeque<>();
        Arrays.stream(readings.trim().split("\\s+")).map(Level::valueOf).forEach(levels::add);
        var check = new SustainedCrit(fixed(() -> new CheckResult("cpu", levels.peekFirst(), "cpu 99.0% busy")),
                Duration.ofSeconds(30), ticker);

        var got = new StringBuilder();
        while (!levels.isEmpty()) {
            got.append(check.run().level()).append(' ');
            levels.removeFirst();
            ticker.advance(Duration.ofSeconds(10));
        }
        assertThat(got.toString().trim()).as(scenario).isEqualTo(reported);
    }

    @org.junit.jupiter.api.Test
    void saysHowLongTheCritLevelHasLasted() throws Exception {
        var ticker = new FakeTicker();
        var check = new SustainedCrit(fixed(() -> CheckResult.crit("cpu", "cpu 99.0% busy")), Duration.ofSeconds(30), ticker);
        check.run();
        ticker.advance(Duration.ofSeconds(12));

        assertThat(check.run()).isEqualTo(CheckResult.warn("cpu", "cpu 99.0% busy (crit for 12s of 30s before it counts)"));
    }

    @org.junit.jupiter.api.Test
    void aZeroHoldPassesCritAtOnce() throws Exception {
        var check = new SustainedCrit(fixed(() -> CheckResult.crit("load", "x")), Duration.ZERO, new FakeTicker());
        assertThat(check.run().level()).isEqualTo(Level.CRIT);
    }

    private static io.rxhealth.weighting.Check fixed(java.util.function.Supplier<CheckResult> results) {
        return new io.rxhealth.weighting.Check() {
            @Override
            public String name() {
                return "cpu";
            }

            @Override
            public CheckResult run() {
                return results.get();
            }
        };
    }
}
