package io.rxhealth.weighting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PolicyTest {
    /** The seed-004 policy for Directum RX ("Политика для сервисов"). */
    private static final Policy RX = new Policy(Map.ofEntries(
            Map.entry("client-api", CheckPolicy.of(Reaction.down(), Reaction.down())),
            Map.entry("web-client", CheckPolicy.of(Reaction.down(), Reaction.down())),
            Map.entry("storage", CheckPolicy.of(Reaction.down(), Reaction.down())),
            Map.entry("preview", CheckPolicy.of(Reaction.weight(50), Reaction.weight(50))),
            Map.entry("integration", CheckPolicy.of(Reaction.weight(50), Reaction.weight(50))),
            Map.entry("log", CheckPolicy.of(Reaction.weight(75), Reaction.weight(75))),
            Map.entry("docker", CheckPolicy.of(Reaction.weight(50), Reaction.down())),
            Map.entry("cpu", CheckPolicy.of(Reaction.weight(50), Reaction.down())),
            Map.entry("memory", CheckPolicy.of(Reaction.weight(50), Reaction.down())),
            Map.entry("swap", CheckPolicy.of(Reaction.weight(50), Reaction.weight(50))),
            Map.entry("disk:/", CheckPolicy.of(Reaction.weight(50), Reaction.down())),
            Map.entry("inode:/", CheckPolicy.of(Reaction.weight(50), Reaction.down()))),
            CheckPolicy.of(Reaction.weight(50), Reaction.down()));

    private static final List<String> CHECKS = List.of("client-api", "web-client", "storage", "preview",
            "integration", "log", "docker", "cpu", "memory", "swap", "disk:/", "inode:/");

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                     | failing (check=level;...)            | drain | maint | expected
        all green                      |                                      | false | false | 100%
        cpu over warn                  | cpu=WARN                             | false | false | 50%
        cpu over crit                  | cpu=CRIT                             | false | false | down
        preview service failed         | preview=CRIT                         | false | false | 50%
        integration service failed     | integration=CRIT                     | false | false | 50%
        log service failed             | log=CRIT                             | false | false | 75%
        client api failed              | client-api=CRIT                      | false | false | down
        web client failed              | web-client=CRIT                      | false | false | down
        storage failed                 | storage=CRIT                         | false | false | down
        storage check timed out        | storage=UNKNOWN                      | false | false | down
        preview check could not run    | preview=UNKNOWN                      | false | false | 50%
        docker container restarting    | docker=WARN                          | false | false | 50%
        docker daemon gone             | docker=CRIT                          | false | false | down
        ram over warn                  | memory=WARN                          | false | false | 50%
        ram over crit                  | memory=CRIT                          | false | false | down
        swap in use                    | swap=CRIT                            | false | false | 50%
        disk over warn                 | disk:/=WARN                          | false | false | 50%
        disk full                      | disk:/=CRIT                          | false | false | down
        inodes over warn               | inode:/=WARN                         | false | false | 50%
        inodes exhausted               | inode:/=CRIT                         | false | false | down
        50% beats 75%                  | log=CRIT;preview=CRIT                | false | false | 50%
        down beats 50%                 | preview=CRIT;storage=CRIT            | false | false | down
        unconfigured check warns       | postgres=WARN                        | false | false | 50%
        drain beats health             | storage=CRIT                         | true  | false | drain
        drain while healthy            |                                      | true  | false | drain
        maint beats drain              |                                      | true  | true  | maint
        maint beats down               | storage=CRIT                         | false | true  | maint
        """)
    void decidesVerdict(String scenario, String failing, boolean drain, boolean maint, String expected) {
        List<CheckResult> results = new ArrayList<>();
        Map<String, Level> levels = new java.util.HashMap<>();
        if (failing != null) {
            for (String pair : failing.split(";")) {
                String[] kv = pair.split("=");
                levels.put(kv[0], Level.valueOf(kv[1]));
            }
        }
        for (String check : CHECKS) {
            results.add(new CheckResult(check, levels.getOrDefault(check, Level.OK), "x"));
        }
        levels.keySet().stream().filter(c -> !CHECKS.contains(c))
                .forEach(c -> results.add(new CheckResult(c, levels.get(c), "x")));
        assertEquals(expected, RX.decide(results, Markers.of(drain, maint)).label(), scenario);
    }

    @Test
    void namesEveryFailingCheckAsAReason() {
        Verdict v = RX.health(List.of(CheckResult.crit("log", "GET /log/health -> 500"),
                CheckResult.ok("storage", "200"), CheckResult.crit("preview", "refused")));
        assertEquals(List.of("log crit: GET /log/health -> 500", "preview crit: refused"), v.reasons());
        assertEquals(50, v.weightPercent());
    }

    @Test
    void markerTextIsTheFirstReasonAndHealthWeightIsKept() {
        Verdict v = RX.decide(List.of(CheckResult.warn("cpu", "load 2.0")),
                new Markers(true, "deploy 42\n", false, ""));
        assertEquals(State.DRAIN, v.state());
        assertEquals(50, v.weightPercent());
        assertEquals(List.of("drain: deploy 42", "cpu warn: load 2.0"), v.reasons());
    }

    @ParameterizedTest
    @CsvSource({"none,none", "down,down", "DOWN,down", "50%,50%", " 75% ,75%", "0%,0%", "100%,100%"})
    void parsesReactions(String text, String expected) {
        assertEquals(expected, Reaction.parse(text).toString());
    }

    @ParameterizedTest
    @CsvSource({"101%", "-1%", "fifty", "50", "''"})
    void rejectsBadReactionsNamingTheValue(String text) {
        var e = assertThrows(IllegalArgumentException.class, () -> Reaction.parse(text));
        assertEquals("reaction: '" + text + "' (expected: none, down or 0%..100%)", e.getMessage());
    }

    @Test
    void ordersReactionsBySeverity() {
        List<Reaction> sorted = new ArrayList<>(List.of(Reaction.down(), Reaction.weight(75), Reaction.none(),
                Reaction.weight(50)));
        sorted.sort(null);
        assertEquals("[none, 75%, 50%, down]", sorted.toString());
    }
}
