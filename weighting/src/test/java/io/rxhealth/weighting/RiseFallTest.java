package io.rxhealth.weighting;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RiseFallTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                         | rise | fall | raw levels, one per cycle  | settled levels
        first result counts at once        | 2    | 3    | CRIT                       | CRIT
        one failure is absorbed            | 2    | 3    | OK OK CRIT OK              | OK OK OK OK
        fall failures in a row settle      | 2    | 3    | OK CRIT CRIT CRIT          | OK OK OK CRIT
        interrupted streak restarts        | 2    | 3    | OK CRIT CRIT OK CRIT CRIT  | OK OK OK OK OK OK
        rise passes in a row recover       | 2    | 3    | CRIT OK OK                 | CRIT CRIT OK
        failing level may change at once   | 2    | 3    | WARN CRIT                  | WARN CRIT
        unknown counts as failing          | 1    | 2    | OK UNKNOWN UNKNOWN         | OK OK UNKNOWN
        rise and fall of one are plain     | 1    | 1    | OK CRIT OK                 | OK CRIT OK
        """)
    void settlesLikeHaproxyRiseAndFall(String scenario, int rise, int fall, String raw, String expected) {
        RiseFall riseFall = new RiseFall(rise, fall);
        StringBuilder settled = new StringBuilder();
        for (String level : raw.split(" ")) {
            CheckResult r = riseFall.settle(List.of(new CheckResult("c", Level.valueOf(level), ""))).get(0);
            settled.append(settled.length() == 0 ? "" : " ").append(r.level());
        }
        assertEquals(expected, settled.toString(), scenario);
    }

    @org.junit.jupiter.api.Test
    void saysHowFarThePendingCountHasGot() {
        RiseFall riseFall = new RiseFall(2, 3);
        riseFall.settle(List.of(CheckResult.ok("disk:/", "40% used")));
        CheckResult r = riseFall.settle(List.of(CheckResult.crit("disk:/", "95% used"))).get(0);
        assertEquals("40% used (fall 1/3)", r.detail());
    }
}
