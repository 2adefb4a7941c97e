package io.rxhealth.weighting.agentcheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.rxhealth.weighting.Decision;
import io.rxhealth.weighting.State;
import io.rxhealth.weighting.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random replies, seeded and bounded: the parser never throws, agrees with a naive reading of
 * docs/agent-check.md on what a reply changes, and the state machine keeps its invariants; the
 * formatter turns any reason text into a line the one reply-text rule accepts and that parses back.
 */
class AgentReplyFuzzTest {
    private static final long SEED = 0x5eed_a6e7L;
    private static final int REPLIES = 40_000;
    private static final String[] PIECES = {
        "up", "UP", "Up", "down", "DOWN", "stopped", "fail", "failed", "ready", "READY", "drain", "Drain",
        "maint", "MAINT", "0%", "50%", "100%", "150%", "257%", "007%", "99999999999999999999%", "2147483648%",
        "0x%", "5.5%", "0.5%", "50%%", "70%x", "300%x", "1e2%", "-5%", "+5%", "%50", "50", "maxconn:10",
        "maxconn:", "maxconn:x", "weight:50%", "#", "# note", "blah", "u p", "up#x",
        " ", " ", "  ", "\t", ",", ",,", "\0", "\r", "\n", "\r\n", "\u000b", "\u000c", "\u001b", "\u007f", "\u00ff",
        "\u00e9", "\u00c3\u00b6",
    };

    @Test
    void parserAgreesWithANaiveReadingOfTheContract() {
        Random random = new Random(SEED);
        for (int n = 0; n < REPLIES; n++) {
            String received = random.nextInt(5) == 0 ? randomBytes(random) : fromPieces(random);
            ContractReading.Effect expected = ContractReading.read(received);
            // The poller hands over the text before the first CR or LF, or reports INCOMPLETE.
            Optional<String> line = lineAsPolled(received);
            ParsedReply reply;
            try {
                reply = line.map(AgentReplyParser::parse).orElse(null);
            } catch (RuntimeException e) {
                throw new AssertionError("reply #" + n + " (seed " + SEED + ") " + ReplyText.quote(received) + ": " + e, e);
            }
            String what = "reply #" + n + " (seed " + SEED + ") " + ReplyText.quote(received);
            if (!expected.complete()) {
                assertThat(reply == null || reply.changesNothing()).as(what + " is incomplete for HAProxy").isTrue();
                continue;
            }
            assertThat(reply).as(what).isNotNull();
            assertThat(reply.health()).as(what + " health").isEqualTo(expected.health());
            assertThat(reply.admin()).as(what + " admin").isEqualTo(expected.admin());
            assertThat(reply.weightPercent()).as(what + " weight").isEqualTo(expected.percent());
            for (String error : reply.errors()) {
                assertThat(error).as(what + " error").doesNotContain("\n", "\r");
            }
        }
    }

    @Test
    void stateMachineKeepsItsInvariantsOnAnySeriesOfReplies() {
        Random random = new Random(SEED + 1);
        for (int series = 0; series < 2_000; series++) {
            MemberAgentState state = MemberAgentState.initial();
            int configured = random.nextInt(257);
            for (int i = 0; i < 20; i++) {
                String received = fromPieces(random);
                Optional<String> line = lineAsPolled(received);
                state = line.isEmpty() ? state.onAgentFailure() : state.apply(AgentReplyParser.parse(line.get()));
                assertThat(state.drain() && state.maint()).as("series %d: drain and maint at once", series).isFalse();
                assertThat(state.agentWeight(configured)).isBetween(0, MemberAgentState.MAX_WEIGHT);
                assertThat(state.label()).isNotEmpty();
            }
        }
    }

    @Test
    void formatterKeepsAnyReasonInsideTheOneLineRuleAndItParsesBack() {
        Random random = new Random(SEED + 2);
        for (int n = 0; n < 5_000; n++) {
            List<String> reasons = new ArrayList<>();
            for (int r = random.nextInt(4); r > 0; r--) {
                reasons.add(randomText(random));
            }
            int weight = random.nextInt(101);
            State health = random.nextBoolean() ? State.UP : State.DOWN;
            State state = switch (random.nextInt(4)) {
                case 0 -> State.DRAIN;
                case 1 -> State.MAINT;
                default -> health;
            };
            Decision d = new Decision(new Verdict(state, state == State.DOWN ? 0 : weight, reasons), health,
                    random.nextBoolean());
            String line = AgentReplyFormatter.format(d);
            try {
                ReplyText.requireLine(line);
            } catch (IllegalArgumentException e) {
                fail("reasons " + reasons + " (seed " + SEED + "): " + e.getMessage());
            }
            ParsedReply back = AgentReplyParser.parse(AgentReplyParser.firstLine(line).orElseThrow());
            assertThat(back.health()).hasValue(health == State.UP ? AgentHealth.UP : AgentHealth.DOWN);
            assertThat(back.errors()).as(line).isEmpty();
            if (health == State.UP) {
                assertThat(back.weightPercent()).as(line).hasValue(d.verdict().weightPercent());
            }
        }
    }

    private static Optional<String> lineAsPolled(String received) {
        for (int i = 0; i < received.length(); i++) {
            if (received.charAt(i) == '\n' || received.charAt(i) == '\r') {
                return Optional.of(received.substring(0, i));
            }
        }
        return Optional.empty();
    }

    private static String fromPieces(Random random) {
        StringBuilder out = new StringBuilder();
        for (int i = random.nextInt(9); i > 0; i--) {
            out.append(PIECES[random.nextInt(PIECES.length)]);
            if (random.nextInt(3) > 0) {
                out.append(' ');
            }
        }
        if (random.nextInt(7) > 0) {
            out.append('\n');
        }
        return out.toString();
    }

    /** Bytes 0..255 as the poller hands them over (Latin-1), a line end now and then. */
    private static String randomBytes(Random random) {
        char[] out = new char[random.nextInt(48)];
        for (int i = 0; i < out.length; i++) {
            out[i] = (char) random.nextInt(256);
        }
        return new String(out);
    }

    /** Any UTF-16 text: controls, line breaks, non-ASCII, unpaired surrogates, long runs. */
    private static String randomText(Random random) {
        StringBuilder out = new StringBuilder();
        for (int i = random.nextInt(random.nextInt(10) == 0 ? 600 : 60); i > 0; i--) {
            out.append(switch (random.nextInt(6)) {
                case 0 -> (char) random.nextInt(0x20);
                case 1 -> (char) random.nextInt(0x10000);
                case 2 -> " \t\r\n\u00a0\u2028".charAt(random.nextInt(6));
                default -> (char) (0x20 + random.nextInt(0x5f));
            });
        }
        return out.toString();
    }
}
