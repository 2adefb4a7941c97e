package io.rxhealth.ovs.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.weighting.RiseFallCounter;
import io.rxhealth.weighting.agentcheck.AgentReplyParser;
import io.rxhealth.weighting.agentcheck.MemberAgentState;
import io.rxhealth.weighting.panic.Standing;
import java.util.OptionalInt;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MemberWeightTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                   | probe | agent on | replies     | operator | configured | agent | effective | verdict               | standing
        all well                     | +     | true     | up 100%     | false    | 100        | 100   | 100       | up                    | PROBE_UP
        agent weight scales          | +     | true     | up 75%      | false    | 200        | 150   | 150       | up                    | PROBE_UP
        zero percent holds no slots  | +     | true     | up 0%       | false    | 100        | 0     | 0         | up                    | PROBE_UP
        weight 1 at 50% is 0         | +     | true     | up 50%      | false    | 1          | 0     | 0         | up                    | PROBE_UP
        not probed yet               | ''    | true     | up          | false    | 100        | 100   | 0         | down (not probed yet) | PROBE_DOWN
        probe down                   | +---  | true     | up 75%      | false    | 100        | 75    | 0         | down (probe)          | PROBE_DOWN
        probe down beats agent drain | -     | true     | drain       | false    | 100        | 100   | 0         | down (probe)          | PROBE_DOWN
        agent down                   | +     | true     | down        | false    | 100        | 100   | 0         | down (agent)          | PROBE_UP
        agent drain                  | +     | true     | drain       | false    | 100        | 100   | 0         | drain (agent)         | OPERATOR_OUT
        agent maint beats drain      | +     | true     | drain;maint | false    | 100        | 100   | 0         | maint (agent)         | OPERATOR_OUT
        operator drain               | +     | true     | up 50%      | true     | 100        | 50    | 0         | drain (operator)      | OPERATOR_OUT
        agent drain before operator  | +     | true     | drain       | true     | 100        | 100   | 0         | drain (agent)         | OPERATOR_OUT
        no agent: configured weight  | +     | false    | ''          | false    | 40         | 40    | 40        | up                    | PROBE_UP
        no agent ignores agent state | +     | false    | down        | false    | 40         | 40    | 40        | up                    | PROBE_UP
        no agent, operator drain     | +     | false    | ''          | true     | 40         | 40    | 0         | drain (operator)      | OPERATOR_OUT
        """)
    void combinesProbeAgentAndOperator(String scenario, String probes, boolean agentOn, String replies,
                                       boolean operator, int configured, int agent, int effective, String verdict,
                                       Standing standing) {
        RiseFallCounter rf = RiseFallCounter.initial(2, 3);
        for (char c : probes.toCharArray()) {
            rf = rf.record(c == '+');
        }
        MemberAgentState state = MemberAgentState.initial();
        if (!replies.isEmpty()) {
            for (String r : replies.split(";")) {
                state = state.apply(AgentReplyParser.parse(r));
            }
        }
        MemberSnapshot s = new MemberSnapshot(rf, "", agentOn, state, null, null, null, "", 0, operator);

        MemberWeight w = MemberWeight.of(s, configured);

        assertThat(w.agent()).as(scenario).isEqualTo(agent);
        assertThat(w.effective()).as(scenario).isEqualTo(effective);
        assertThat(w.verdict()).as(scenario).isEqualTo(verdict);
        assertThat(w.standing().standing()).as(scenario).isEqualTo(standing);
        assertThat(w.standing().effectiveWeight()).as(scenario).isEqualTo(standing == Standing.PROBE_UP ? effective : 0);
        assertThat(state.maxconn()).isEqualTo(OptionalInt.empty());
    }
}
