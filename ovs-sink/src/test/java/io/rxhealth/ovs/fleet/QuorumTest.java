package io.rxhealth.ovs.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One member, three LB nodes. An observation is {@code node=probe/agent/percent}: probe {@code up}
 * or {@code down} (a failed poll is a down observation), agent {@code up}, {@code down},
 * {@code drain} or {@code maint}.
 */
class QuorumTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                                  | live  | observations                                   | expected
        all see it up                               | a b c | a=up/up/100 b=up/up/100 c=up/up/100             | in 100% of 3
        one node cannot reach it: stays in          | a b c | a=down/up/100 b=up/up/100 c=up/up/100           | in 100% of 3
        two of three cannot reach it: out           | a b c | a=down/up/100 b=down/up/100 c=up/up/100         | out (probe) 100% of 3
        a dead node's observation does not count    | a b   | a=up/up/100 b=up/up/100 c=down/up/100           | in 100% of 2
        one of two live nodes down: no majority     | a b   | a=down/up/100 b=up/up/100 c=up/up/100           | out (probe) 100% of 2
        a live node that has not probed yet         | a b c | a=up/up/100 b=up/up/100                         | in 100% of 2
        only one live node has probed               | a b c | a=up/up/100                                     | out (probe) 100% of 1
        agent drain seen by a majority              | a b c | a=up/drain/100 b=up/drain/100 c=up/up/100       | out (drain) 100% of 3
        agent drain seen by one node only (lagging) | a b c | a=up/drain/100 b=up/up/100 c=up/up/100          | in 100% of 3
        agent maint by a majority                   | a b c | a=up/maint/100 b=up/maint/100 c=up/maint/100    | out (maint) 100% of 3
        agent down by a majority                    | a b c | a=up/down/100 b=up/down/100 c=up/up/100         | out (agent down) 100% of 3
        weight: the median of three                 | a b c | a=up/up/50 b=up/up/75 c=up/up/100               | in 75% of 3
        weight: the lower median of two             | a b   | a=up/up/50 b=up/up/100                          | in 50% of 2
        weight: one node still on the old percent   | a b c | a=up/up/100 b=up/up/75 c=up/up/75               | in 75% of 3
        a single live node decides alone            | a     | a=up/up/100 b=down/down/0 c=down/down/0         | in 100% of 1
        """)
    void decidesByMajorityOfLiveNodes(String scenario, String live, String observations, String expected) {
        var verdict = Quorum.verdict(observations(observations), nodes(live)).orElseThrow();
        assertEquals(expected, label(verdict), scenario);
    }

    @Test
    void hasNoVerdictWithoutALiveNode() {
        assertTrue(Quorum.verdict(observations("a=up/up/100"), Set.of()).isEmpty());
    }

    @ParameterizedTest(name = "{0} live nodes need {1}")
    @CsvSource({"1, 1", "2, 2", "3, 2", "4, 3", "5, 3"})
    void majorityIsMoreThanHalf(int live, int need) {
        assertEquals(need, Quorum.majority(live));
    }

    private static String label(FleetVerdict v) {
        String state;
        if (!v.probeUp()) {
            state = "out (probe)";
        } else if (v.agentMaint()) {
            state = "out (maint)";
        } else if (v.agentDrain()) {
            state = "out (drain)";
        } else if (!v.agentUp()) {
            state = "out (agent down)";
        } else {
            state = "in";
        }
        return state + " " + v.weightPercent() + "% of " + v.votes();
    }

    private static Set<String> nodes(String text) {
        return new TreeSet<>(List.of(text.trim().split("\\s+")));
    }

    static List<Observation> observations(String text) {
        var list = new ArrayList<Observation>();
        for (String cell : text.trim().split("\\s+")) {
            String[] nodeRest = cell.split("=");
            String[] parts = nodeRest[1].split("/");
            String agent = parts[1];
            list.add(new Observation(nodeRest[0], parts[0].equals("up"), !agent.equals("down"),
                    agent.equals("drain"), agent.equals("maint"), Integer.parseInt(parts[2]), 0));
        }
        return list;
    }
}
