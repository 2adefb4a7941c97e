package io.rxhealth.weighting;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
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
        assertEquals(expected, settle(new RiseFall(rise, fall), raw), scenario);
    }

    /** Feeds check c one raw level per cycle ({@code "-"}: none); the settled levels, space-separated. */
    private static String settle(RiseFall riseFall, String raw) {
        StringBuilder settled = new StringBuilder();
        for (String level : raw.equals("-") ? new String[0] : raw.split(" ")) {
            CheckResult r = riseFall.settle(List.of(new CheckResult("c", Level.valueOf(level), ""))).get(0);
            settled.append(settled.length() == 0 ? "" : " ").append(r.level());
        }
        return settled.toString();
    }

    @org.junit.jupiter.api.Test
    void saysHowFarThePendingCountHasGot() {
        RiseFall riseFall = new RiseFall(2, 3);
        riseFall.settle(List.of(CheckResult.ok("disk:/", "40% used")));
        CheckResult r = riseFall.settle(List.of(CheckResult.crit("disk:/", "95% used"))).get(0);
        assertEquals("40% used (fall 1/3)", r.detail());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                                  | before (rise 2, fall 3) | fate    | rise | fall | after          | settled after
        a kept check keeps its pending fall count   | OK CRIT                 | kept    | 2    | 3    | CRIT CRIT      | OK CRIT
        a kept check keeps its pending rise count   | CRIT OK                 | kept    | 2    | 3    | OK             | OK
        a kept count a lower fall completes waits   | OK CRIT CRIT            | kept    | 2    | 2    | CRIT           | CRIT
        a kept passing check is not failing anew    | OK                      | kept    | 2    | 3    | CRIT CRIT CRIT | OK OK CRIT
        a changed passing check counts afresh       | OK CRIT CRIT            | changed | 2    | 3    | CRIT CRIT CRIT | OK OK CRIT
        a changed failing check stays failing       | CRIT                    | changed | 2    | 3    | OK OK          | CRIT OK
        a changed failing check may change level    | CRIT                    | changed | 2    | 3    | WARN           | WARN
        a new check starts passing                  | -                       | new     | 2    | 3    | CRIT CRIT CRIT | OK OK CRIT
        a new check's slow first probe is absorbed  | -                       | new     | 2    | 2    | UNKNOWN OK     | OK OK
        a new check under fall 1 fails at once      | -                       | new     | 2    | 1    | UNKNOWN        | UNKNOWN
        """)
    void aReloadCarriesTheCountsOfKeptChecksAndTheSideOfChangedOnes(String scenario, String before, String fate,
                                                                     int rise, int fall, String after,
                                                                     String expected) {
        RiseFall riseFall = new RiseFall(2, 3);
        settle(riseFall, before);
        RiseFall reloaded = riseFall.reloaded(rise, fall, fate.equals("kept") ? Set.of("c") : Set.of());
        assertEquals(expected, settle(reloaded, after), scenario);
    }

    @org.junit.jupiter.api.Test
    void saysWhyAReloadedCheckStillStandsWhereItDid() {
        RiseFall riseFall = new RiseFall(2, 2);
        riseFall.settle(List.of(CheckResult.crit("http:app", "GET http://old/ -> 503")));
        RiseFall reloaded = riseFall.reloaded(2, 2, Set.of());
        List<CheckResult> r = reloaded.settle(List.of(CheckResult.ok("http:app", "200"),
                CheckResult.unknown("http:new", "timed out after 1000 ms")));
        assertEquals("settings changed by a reload; before: GET http://old/ -> 503 (rise 1/2)", r.get(0).detail());
        assertEquals(new CheckResult("http:new", Level.OK,
                "added by a reload, passing until it fails 2 in a row (fall 1/2)"), r.get(1));
    }
}
