package io.rxhealth.checks.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.checks.http.WindowThresholds;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.FakeTicker;
import io.rxhealth.weighting.Level;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The first login of a fresh agent warms the driver up: its times stay out of the p95 windows, so
 * the check does not read "connect p95 ... (crit)" for the 20 cycles after a start. Time is the
 * fake driver's, on a fake ticker; the deadline (10 s of real time) never fires.
 */
class WarmUpTest {
    private static final WindowThresholds WINDOW = new WindowThresholds(20, 1, java.util.Optional.empty(),
            java.util.Optional.empty(), java.util.Optional.empty(), java.util.Optional.empty(),
            java.util.OptionalDouble.empty(), java.util.OptionalDouble.empty())
            .withP95(Duration.ofMillis(200), Duration.ofMillis(1000));
    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1);

    @AfterEach
    void stopTimer() {
        timer.shutdownNow();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                                        | logins (ms; ! = the query fails) | levels
        a slow first login is not in the window           | 3000 10 10 10 10                  | OK OK OK OK OK
        a slow login after the first one counts           | 10 3000 10                        | OK CRIT CRIT
        a slow login after the first one counts as warn   | 10 300 10                         | OK WARN WARN
        refused at start: the first login is the warm-up  | refused 3000 10 10                | CRIT OK OK OK
        a failed query after login ends the warm-up       | 3000! 3000 10                     | CRIT CRIT CRIT
        a failing first login still fails                 | 3000! 10 10                       | CRIT OK OK
        """)
    void firstLoginWarmsUp(String scenario, String logins, String levels) {
        FakeTicker ticker = new FakeTicker();
        String[] steps = logins.split(" ");
        PostgresCheck check = new PostgresCheck(new PostgresSpec("postgres", "jdbc:postgresql://127.0.0.1:5432/rx",
                "rx", () -> "secret", "SELECT 1", Duration.ofSeconds(10), "rx-health-agent", WINDOW),
                new FakeDriver(ticker, steps), timer, ticker);
        List<Level> seen = Arrays.stream(steps).map(s -> check.run()).map(CheckResult::level).toList();
        assertThat(seen).as(scenario).isEqualTo(Arrays.stream(levels.split(" ")).map(Level::valueOf).toList());
    }

    @org.junit.jupiter.api.Test
    void theWarmUpProbeSaysSo() {
        FakeTicker ticker = new FakeTicker();
        PostgresCheck check = new PostgresCheck(new PostgresSpec("postgres", "jdbc:postgresql://127.0.0.1:5432/rx",
                "rx", () -> "secret", "SELECT 1", Duration.ofSeconds(10), "rx-health-agent", WINDOW),
                new FakeDriver(ticker, "3000", "20"), timer, ticker);
        assertThat(check.run().detail()).endsWith("role 0 ms; first login since start, not in the window)");
        assertThat(check.run().detail()).doesNotContain("first login");
    }
}
