package io.rxhealth.weighting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RiseFallCounterTest {
    /** Results in order: {@code +} passed, {@code -} failed. rise 2, fall 3. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                         | results    | state   | label
        nothing yet                        | ''         | UNKNOWN | UNKNOWN
        first pass decides up              | +          | UP      | UP
        first failure decides down         | -          | DOWN    | DOWN
        two failures keep it up            | +--        | UP      | UP 2/3
        fall failures take it down         | +---       | DOWN    | DOWN
        a pass resets the fall count       | +--+--     | UP      | UP 2/3
        one pass does not bring it back    | +----+     | DOWN    | DOWN 1/2
        rise passes bring it back          | +---++     | UP      | UP
        a failure resets the rise count    | +---+-+    | DOWN    | DOWN 1/2
        flapping never leaves up           | +-+-+-+-   | UP      | UP 1/3
        """)
    void followsRiseAndFall(String scenario, String results, RiseFallState state, String label) {
        RiseFallCounter rf = RiseFallCounter.initial(2, 3);
        for (char c : results.toCharArray()) {
            rf = rf.record(c == '+');
        }
        assertThat(rf.state()).as(scenario).isEqualTo(state);
        assertThat(rf.label()).as(scenario).isEqualTo(label);
    }

    @ParameterizedTest(name = "rise {0} fall {1}")
    @CsvSource({"1, 1", "1, 5", "5, 1"})
    void honoursAnyRiseAndFall(int rise, int fall) {
        RiseFallCounter rf = RiseFallCounter.initial(rise, fall).record(true);
        for (int i = 1; i < fall; i++) {
            rf = rf.record(false);
            assertThat(rf.state()).isEqualTo(RiseFallState.UP);
        }
        rf = rf.record(false);
        assertThat(rf.state()).isEqualTo(RiseFallState.DOWN);
        for (int i = 1; i < rise; i++) {
            rf = rf.record(true);
            assertThat(rf.state()).isEqualTo(RiseFallState.DOWN);
        }
        assertThat(rf.record(true).state()).isEqualTo(RiseFallState.UP);
    }

    @ParameterizedTest(name = "rise {0} fall {1}")
    @CsvSource(delimiter = '|', textBlock = """
        0  | 3  | rise: 0 (expected: >= 1)
        2  | 0  | fall: 0 (expected: >= 1)
        -1 | 3  | rise: -1 (expected: >= 1)
        """)
    void rejectsCountsBelowOne(int rise, int fall, String message) {
        assertThatThrownBy(() -> RiseFallCounter.initial(rise, fall)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
        assertThatThrownBy(() -> new RiseFall(rise, fall)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }
}
