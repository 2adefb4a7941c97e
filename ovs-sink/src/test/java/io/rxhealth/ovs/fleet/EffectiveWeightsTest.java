package io.rxhealth.ovs.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rxhealth.weighting.panic.PanicThreshold;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Members configured at weight 80, three live LB nodes; observations as in {@link QuorumTest}. */
class EffectiveWeightsTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                                 | agent | drained | observations                                | weight | verdict
        healthy                                    | true  | false   | a=up/up/100 b=up/up/100 c=up/up/100          | 80     | up
        the agent's percent by the median          | true  | false   | a=up/up/50 b=up/up/50 c=up/up/100            | 40     | up
        one node's probe fails: still in           | true  | false   | a=down/up/100 b=up/up/100 c=up/up/100        | 80     | up
        two nodes' probes fail: out                | true  | false   | a=down/up/100 b=down/up/100 c=up/up/100      | 0      | down (probe)
        no live node has observed it yet           | true  | false   | d=up/up/100                                  | 0      | down (not probed yet)
        agent drain by a majority                  | true  | false   | a=up/drain/100 b=up/drain/100 c=up/up/100    | 0      | drain (agent)
        agent maint by a majority                  | true  | false   | a=up/maint/100 b=up/maint/100 c=up/up/100    | 0      | maint (agent)
        agent down by a majority                   | true  | false   | a=up/down/100 b=up/down/100 c=up/up/100      | 0      | down (agent)
        an operator drain, wherever it was typed   | true  | true    | a=up/up/100 b=up/up/100 c=up/up/100          | 0      | drain (operator)
        no agent: the agent's words do not count   | false | false   | a=up/down/0 b=up/down/0 c=up/down/0          | 80     | up
        no agent, probe down by a majority         | false | false   | a=down/up/100 b=down/up/100 c=up/up/100      | 0      | down (probe)
        the agent's percent capped at 256          | true  | false   | a=up/up/400 b=up/up/400 c=up/up/400          | 256    | up
        """)
    void appliesTheSingleNodeRulesToTheQuorumsVerdict(String scenario, boolean agent, boolean drained,
                                                       String observations, int weight, String verdict) {
        var pool = new FleetPool("web", "1", 64, PanicThreshold.DISABLED,
                List.of(new FleetPool.FleetMember("m:1", 80, agent ? 9505 : 0)));
        var weights = EffectiveWeights.of(pool, Map.of("m:1", QuorumTest.observations(observations)),
                Set.of("a", "b", "c"), drained ? Set.of("m:1") : Set.of()).orElseThrow();
        assertEquals(Map.of("m:1", weight), weights.byKey(), scenario);
        assertEquals(verdict, weights.verdict(0), scenario);
    }

    /**
     * Four members of weight 80 under the pool's threshold, every node seeing the same: each member's
     * state is {@code up}, {@code upN} (agent at N%), {@code down} (agent down), {@code probe} (probe
     * down) or {@code drain} (an operator's). As a node alone decides ({@code PanicThresholdTest}).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                                        | threshold | members                    | panic | weights        | verdict of the first
        healthy                                           | 50        | up up up up                | false | 80 80 80 80    | up
        every agent says down: all back at full weight    | 50        | down down down down        | true  | 80 80 80 80    | up (panic)
        three of four agents down: panic                  | 50        | down down down up          | true  | 80 80 80 80    | up (panic)
        two of four down is exactly half: no panic        | 50        | down down up up            | false | 0 0 80 80      | down (agent)
        probe-down members stay out in panic              | 50        | probe down down up         | true  | 0 80 80 80     | down (probe)
        every probe down: fail-close, panic or not        | 50        | probe probe probe probe    | true  | 0 0 0 0        | down (probe)
        an operator's drain is not a failure              | 50        | drain drain down up        | false | 0 0 0 80       | drain (operator)
        reduced agents count their share                  | 50        | up40 up40 up40 up40        | true  | 80 80 80 80    | up (panic)
        threshold 0% is off                               | 0         | down down down down        | false | 0 0 0 0        | down (agent)
        """)
    void appliesThePoolsPanicThresholdToTheQuorumsWeights(String scenario, int threshold, String members, boolean panic,
                                                          String weights, String firstVerdict) {
        List<FleetPool.FleetMember> configured = new ArrayList<>();
        Map<String, List<Observation>> observations = new HashMap<>();
        Set<String> drained = new HashSet<>();
        String[] states = members.trim().split("\\s+");
        for (int i = 0; i < states.length; i++) {
            String key = "m:" + i;
            configured.add(new FleetPool.FleetMember(key, 80, 9505));
            String s = states[i];
            String observed = switch (s) {
                case "probe" -> "down/up/100";
                case "down" -> "up/down/100";
                case "drain" -> {
                    drained.add(key);
                    yield "up/up/100";
                }
                default -> "up/up/" + (s.equals("up") ? "100" : s.substring(2));
            };
            observations.put(key, QuorumTest.observations("a=" + observed + " b=" + observed + " c=" + observed));
        }
        var pool = new FleetPool("web", "1", 64, new PanicThreshold(threshold), configured);
        var decided = EffectiveWeights.of(pool, observations, Set.of("a", "b", "c"), drained).orElseThrow();
        assertEquals(panic, decided.decision().panic(), scenario);
        assertEquals(weights, String.join(" ", decided.decision().weights().stream().map(String::valueOf).toList()),
                scenario);
        assertEquals(firstVerdict, decided.verdict(0), scenario);
    }

    @Test
    void hasNoWeightsWithoutALiveNode() {
        var pool = new FleetPool("web", "1", 64, PanicThreshold.DEFAULT,
                List.of(new FleetPool.FleetMember("m:1", 80, 9505)));
        assertTrue(EffectiveWeights.of(pool, Map.of(), Set.of(), Set.of()).isEmpty());
    }
}
