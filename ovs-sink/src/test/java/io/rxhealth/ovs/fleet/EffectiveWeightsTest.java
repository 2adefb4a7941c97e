package io.rxhealth.ovs.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** One member configured at weight 80, three live LB nodes; observations as in {@link QuorumTest}. */
class EffectiveWeightsTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                                 | agent | drained | observations                                | weight
        healthy                                    | true  | false   | a=up/up/100 b=up/up/100 c=up/up/100          | 80
        the agent's percent by the median          | true  | false   | a=up/up/50 b=up/up/50 c=up/up/100            | 40
        one node's probe fails: still in           | true  | false   | a=down/up/100 b=up/up/100 c=up/up/100        | 80
        two nodes' probes fail: out                | true  | false   | a=down/up/100 b=down/up/100 c=up/up/100      | 0
        agent drain by a majority                  | true  | false   | a=up/drain/100 b=up/drain/100 c=up/up/100    | 0
        an operator drain, wherever it was typed   | true  | true    | a=up/up/100 b=up/up/100 c=up/up/100          | 0
        no agent: the agent's words do not count   | false | false   | a=up/down/0 b=up/down/0 c=up/down/0          | 80
        no agent, probe down by a majority         | false | false   | a=down/up/100 b=down/up/100 c=up/up/100      | 0
        the agent's percent capped at 256          | true  | false   | a=up/up/400 b=up/up/400 c=up/up/400          | 256
        """)
    void appliesTheSingleNodeRulesToTheQuorumsVerdict(String scenario, boolean agent, boolean drained,
                                                       String observations, int weight) {
        var pool = new FleetPool("web", "1", 64, List.of(new FleetPool.FleetMember("m:1", 80, agent ? 9505 : 0)));
        var weights = EffectiveWeights.of(pool, Map.of("m:1", QuorumTest.observations(observations)),
                Set.of("a", "b", "c"), drained ? Set.of("m:1") : Set.of()).orElseThrow();
        assertEquals(Map.of("m:1", weight), weights, scenario);
    }

    @Test
    void hasNoWeightsWithoutALiveNode() {
        var pool = new FleetPool("web", "1", 64, List.of(new FleetPool.FleetMember("m:1", 80, 9505)));
        assertTrue(EffectiveWeights.of(pool, Map.of(), Set.of(), Set.of()).isEmpty());
    }
}
