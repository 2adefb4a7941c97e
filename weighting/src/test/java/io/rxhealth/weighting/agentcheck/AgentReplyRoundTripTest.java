package io.rxhealth.weighting.agentcheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rxhealth.weighting.Decision;
import io.rxhealth.weighting.State;
import io.rxhealth.weighting.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What the agent renders, the LB daemon's parser reads back with HAProxy's meaning: one verdict
 * has the same effect in HAProxy and in table 11.
 */
class AgentReplyRoundTripTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario          | state | weight | health | ready | health word | admin | percent | drain | maint
        healthy             | UP    | 100    | UP     | false | UP          |       | 100     | false | false
        degraded            | UP    | 50     | UP     | false | UP          |       | 50      | false | false
        leaving own drain   | UP    | 75     | UP     | true  | UP          | READY | 75      | false | false
        down                | DOWN  | 0      | DOWN   | false | DOWN        |       |         | false | false
        drained             | DRAIN | 100    | UP     | false | UP          | DRAIN | 100     | true  | false
        maint while down    | MAINT | 0      | DOWN   | false | DOWN        | MAINT |         | false | true
        """)
    void parsesWhatItRenders(String scenario, State state, int weight, State health, boolean ready,
                             AgentHealth word, AgentAdmin admin, Integer percent, boolean drain, boolean maint) {
        Decision d = new Decision(new Verdict(state, weight, List.of("why: a, b # c")), health, ready);
        ParsedReply parsed = AgentReplyParser.parse(AgentReplyFormatter.format(d));
        assertEquals(word, parsed.health().orElseThrow(), scenario);
        assertEquals(admin, parsed.admin().orElse(null), scenario);
        assertEquals(percent, parsed.weightPercent().isPresent() ? parsed.weightPercent().getAsInt() : null, scenario);
        assertEquals("why: a, b # c", parsed.description(), scenario);
        assertTrue(parsed.errors().isEmpty(), scenario);
        MemberAgentState after = MemberAgentState.initial().apply(parsed);
        assertEquals(drain, after.drain(), scenario);
        assertEquals(maint, after.maint(), scenario);
    }

    /** Any sequence of decisions leaves the member where the last decision says, as HAProxy would. */
    @ParameterizedTest
    @MethodSource("seeds")
    void aSequenceOfRepliesEndsWhereTheLastDecisionSays(long seed) {
        Random random = new Random(seed);
        MemberAgentState member = MemberAgentState.initial();
        State previous = State.UP;
        for (int i = 0; i < 50; i++) {
            State state = State.values()[random.nextInt(State.values().length)];
            State health = state == State.DOWN ? State.DOWN : random.nextBoolean() ? State.UP : State.DOWN;
            health = state == State.UP ? State.UP : health;
            int weight = health == State.UP ? new int[] {25, 50, 75, 100}[random.nextInt(4)] : 0;
            // The agent says ready when it lifts its own marker (ReadyWindow), and only then.
            boolean ready = (state == State.UP || state == State.DOWN)
                    && (previous == State.DRAIN || previous == State.MAINT);
            Decision d = new Decision(new Verdict(state, weight, reasons(random)), health, ready);
            member = member.apply(AgentReplyParser.parse(AgentReplyFormatter.format(d)));

            assertEquals(health == State.UP ? AgentHealth.UP : AgentHealth.DOWN, member.health(), "step " + i);
            if (health == State.UP) {
                assertEquals(weight, member.weightPercent(), "step " + i);
            }
            if (state == State.DRAIN) {
                assertTrue(member.drain(), "step " + i);
            }
            if (state == State.MAINT) {
                assertTrue(member.maint(), "step " + i);
            }
            if (state == State.UP || state == State.DOWN) {
                assertEquals(false, member.drain() || member.maint(), "step " + i + ": the marker was lifted");
            }
            previous = state;
        }
    }

    static Stream<Long> seeds() {
        return Stream.of(1L, 2L, 3L, 42L, 2026L);
    }

    private static List<String> reasons(Random random) {
        List<String> reasons = new ArrayList<>();
        for (int i = random.nextInt(3); i > 0; i--) {
            reasons.add("check" + random.nextInt(9) + " crit: \u00e9\t" + "x".repeat(random.nextInt(120)));
        }
        return reasons;
    }
}
