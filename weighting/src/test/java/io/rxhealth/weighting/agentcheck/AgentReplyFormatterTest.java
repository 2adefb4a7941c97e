package io.rxhealth.weighting.agentcheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rxhealth.weighting.Decision;
import io.rxhealth.weighting.State;
import io.rxhealth.weighting.Verdict;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AgentReplyFormatterTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario             | state | weight | health | ready | reasons                 | reply
        healthy                | UP    | 100    | UP     | false |                         | 'up 100%'
        degraded               | UP    | 50     | UP     | false | cpu warn: load 2.1      | 'up 50% # cpu warn: load 2.1'
        leaving own drain      | UP    | 75     | UP     | true  |                         | 'up ready 75%'
        down                   | DOWN  | 0      | DOWN   | false | storage crit: 503       | 'down # storage crit: 503'
        down after maint       | DOWN  | 0      | DOWN   | true  | storage crit: 503       | 'down ready # storage crit: 503'
        drained healthy        | DRAIN | 100    | UP     | false | drain: deploy           | 'up drain 100% # drain: deploy'
        drained while down     | DRAIN | 0      | DOWN   | false | drain marker            | 'down drain # drain marker'
        maint keeps weight     | MAINT | 50     | UP     | false | maint: kernel           | 'up maint 50% # maint: kernel'
        """)
    void rendersHaproxyReplies(String scenario, State state, int weight, State health, boolean ready,
                               String reasons, String reply) {
        List<String> list = reasons == null ? List.of() : Arrays.asList(reasons.split(";"));
        Decision d = new Decision(new Verdict(state, weight, list), health, ready);
        assertEquals(reply + "\n", AgentReplyFormatter.format(d), scenario);
    }

    @Test
    void joinsReasonsAndKeepsTheLineOneLineOfPrintableAscii() {
        Decision d = new Decision(Verdict.up(50, List.of("preview crit: GET /preview\r\nhealth -> 500",
                "disk:/ warn: 91% — used\tnow")), State.UP, false);
        assertEquals("up 50% # preview crit: GET /preview health -> 500; disk:/ warn: 91% ? used now\n",
                AgentReplyFormatter.format(d));
    }

    @Test
    void boundsTheDescription() {
        Decision d = new Decision(Verdict.down(List.of("x".repeat(1000))), State.DOWN, false);
        String line = AgentReplyFormatter.format(d);
        assertEquals("down # ".length() + AgentReplyFormatter.MAX_DESCRIPTION + 1, line.length());
        assertTrue(line.endsWith("...\n"));
    }
}
