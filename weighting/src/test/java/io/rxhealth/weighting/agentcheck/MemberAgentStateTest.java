package io.rxhealth.weighting.agentcheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MemberAgentStateTest {
    /**
     * Replies are applied in turn, separated by {@code ;}; {@code !} stands for a failed poll
     * (refused, timeout, no newline, empty response). Expected: label, agent weight for the
     * configured weight, in service.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                          | configured | replies                      | label   | weight | in service
        nothing heard yet                   | 100        | ''                           | up 100% | 100    | true
        up 75%                              | 100        | up 75%                       | up 75%  | 75     | true
        weight 200 at 75%                   | 200        | up 75%                       | up 75%  | 150    | true
        weight 200 at 150% is capped        | 200        | up 150%                      | up 150% | 256    | true
        weight 1 at 50% is a silent drain   | 1          | up 50%                       | up 50%  | 0      | true
        weight 1 at 75% is a silent drain   | 1          | up 75%                       | up 75%  | 0      | true
        weight 1 at 150%                    | 1          | up 150%                      | up 150% | 1      | true
        0% is not sticky                    | 100        | 0%;50%                       | up 50%  | 50     | true
        0% keeps it up                      | 100        | 0%                           | up 0%   | 0      | true
        failed is not a keyword             | 100        | failed                       | up 100% | 100    | true
        junk changes nothing                | 100        | up 60%;blah                  | up 60%  | 60     | true
        empty line changes nothing          | 100        | down;                        | down    | 100    | false
        unknown word with up keeps weight   | 100        | up,blah 60%                  | up 60%  | 60     | true
        down keeps a weight in the same line| 100        | down 50%                     | down    | 50     | false
        weight survives down then up        | 100        | down 50%;up                  | up 50%  | 50     | true
        weight alone does not lift down     | 100        | down;100%                    | down    | 100    | false
        stopped is down                     | 100        | stopped                      | down    | 100    | false
        fail is down                        | 100        | up;fail                      | down    | 100    | false
        drain then up stays drained         | 100        | drain;up;100%;up 50%         | drain   | 50     | false
        ready lifts drain                   | 100        | drain;up 50%;ready           | up 50%  | 50     | true
        maint then up stays in maint        | 100        | maint;up 100%                | maint   | 100    | false
        ready lifts maint and drain         | 100        | drain;maint;ready            | up 100% | 100    | true
        ready does not lift down            | 100        | down;ready                   | down    | 100    | false
        failing agent keeps down            | 100        | down;!;!                     | down    | 100    | false
        failing agent keeps drain           | 100        | drain 25%;!                  | drain   | 25     | false
        failing agent keeps weight          | 100        | up 75%;!                     | up 75%  | 75     | true
        last word of a category wins        | 100        | up 50% down 75% ready drain  | drain   | 75     | false
        bad weight word is ignored          | 100        | up 60%;up 70%x               | up 60%  | 60     | true
        zero with junk is not weight 0      | 100        | up 60%;up 0x%                | up 60%  | 60     | true
        a decimal is no weight              | 100        | up 60%;up 5.5%               | up 60%  | 60     | true
        maint replaces drain                | 100        | drain;maint                  | maint   | 100    | false
        drain replaces maint                | 100        | maint;drain                  | drain   | 100    | false
        maint then drain then ready         | 100        | maint;drain;ready            | up 100% | 100    | true
        """)
    void followsHaproxyStateMachine(String scenario, int configured, String replies, String label,
                                    int weight, boolean inService) {
        MemberAgentState state = MemberAgentState.initial();
        if (!replies.isEmpty()) {
            for (String reply : replies.split(";", -1)) {
                state = reply.equals("!") ? state.onAgentFailure() : state.apply(AgentReplyParser.parse(reply));
            }
        }

        assertThat(state.label()).as(scenario).isEqualTo(label);
        assertThat(state.agentWeight(configured)).as(scenario).isEqualTo(weight);
        assertThat(state.inService()).as(scenario).isEqualTo(inService);
    }

    @Test
    void neverHoldsDrainAndMaintAtOnce() {
        assertThatThrownBy(() -> new MemberAgentState(AgentHealth.UP, true, true, 100, OptionalInt.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("drain and maint: both set");
    }

    @ParameterizedTest(name = "maxconn {0}")
    @CsvSource(delimiter = '|', textBlock = """
        maxconn:30;up;ready        | 30
        maxconn:30;maxconn:10      | 10
        maxconn:30;maxconn:x       | 30
        """)
    void keepsMaxconnUntilTheAgentSendsAnother(String replies, int expected) {
        MemberAgentState state = MemberAgentState.initial();
        for (String reply : replies.split(";")) {
            state = state.apply(AgentReplyParser.parse(reply));
        }
        assertThat(state.maxconn()).hasValue(expected);
    }
}
