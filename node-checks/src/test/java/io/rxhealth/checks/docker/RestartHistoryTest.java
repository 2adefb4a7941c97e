package io.rxhealth.checks.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rxhealth.weighting.FakeTicker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RestartHistoryTest {
    private static final Duration WINDOW = Duration.ofMinutes(10);

    /**
     * Each inspection is {@code minute:id:restartCount}, minutes since the first one; the
     * expected value is what the last inspection returns.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                                  | inspections                        | restarts
        first inspection is only a baseline          | 0:a:5                              | 0
        steady count                                 | 0:a:5 1:a:5 2:a:5                  | 0
        rises within the window                      | 0:a:0 1:a:1 2:a:3 3:a:4            | 4
        rise older than the window is forgotten      | 0:a:0 1:a:4 11:a:4                 | 0
        part of the rises are still in the window    | 0:a:0 1:a:2 6:a:5 12:a:5           | 3
        window edge: exactly 10 minutes ago is out   | 0:a:0 1:a:2 11:a:2                 | 0
        long quiet time, then one restart            | 0:a:5 30:a:5 31:a:6                | 1
        new container under the same name            | 0:a:9 1:b:0 2:b:1                  | 1
        count going down means a new container       | 0:a:9 1:a:0 2:a:2                  | 2
        """)
    void countsRestartsWithinTheWindow(String scenario, String inspections, int expected) {
        var ticker = new FakeTicker();
        var history = new RestartHistory(WINDOW, ticker);
        int last = -1;
        int minute = 0;
        for (var inspection : inspections.split(" ")) {
            var parts = inspection.split(":");
            int at = Integer.parseInt(parts[0]);
            ticker.advance(Duration.ofMinutes(at - minute));
            minute = at;
            last = history.record(parts[1], Integer.parseInt(parts[2]));
        }
        assertThat(last).as(scenario).isEqualTo(expected);
    }

    @Test
    void clearForgetsTheBaseline() {
        var history = new RestartHistory(WINDOW, new FakeTicker());
        history.record("a", 0);
        history.clear();
        assertThat(history.record("a", 4)).isZero();
    }

    @Test
    void agreesWithCountingEveryInspectionOverARandomRun() {
        var random = new Random(20261130L);
        var ticker = new FakeTicker();
        var history = new RestartHistory(WINDOW, ticker);
        var seen = new ArrayList<long[]>(); // {at, count} of every inspection
        long now = 0;
        int count = 0;
        for (int i = 0; i < 2_000; i++) {
            long step = Duration.ofSeconds(1 + random.nextInt(60)).toNanos();
            ticker.advance(Duration.ofNanos(step));
            now += step;
            count += random.nextInt(10) == 0 ? 1 + random.nextInt(3) : 0;
            seen.add(new long[] {now, count});
            assertThat(history.record("a", count)).as("inspection %d", i)
                    .isEqualTo(count - totalAtWindowStart(seen, now));
        }
    }

    /** The total as of the latest inspection at or before {@code now - WINDOW}, else the first. */
    private static long totalAtWindowStart(List<long[]> seen, long now) {
        long start = now - WINDOW.toNanos();
        long total = seen.get(0)[1];
        for (var inspection : seen) {
            if (inspection[0] <= start) {
                total = inspection[1];
            }
        }
        return total;
    }

    @Test
    void rejectsAnEmptyWindow() {
        assertThatThrownBy(() -> new RestartHistory(Duration.ZERO, new FakeTicker()))
                .hasMessage("restart window: PT0S (expected: > 0)");
    }
}
