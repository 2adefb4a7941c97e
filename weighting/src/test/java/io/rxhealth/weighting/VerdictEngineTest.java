package io.rxhealth.weighting;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.rxhealth.weighting.agentcheck.AgentReplyFormatter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import static io.rxhealth.weighting.Level.CRIT;
import static io.rxhealth.weighting.Level.OK;
import static io.rxhealth.weighting.Level.UNKNOWN;
import static io.rxhealth.weighting.Level.WARN;
import org.junit.jupiter.api.Test;

class VerdictEngineTest {
    private final FakeTicker ticker = new FakeTicker();
    private final Policy policy = new Policy(Map.of("storage", CheckPolicy.of(Reaction.down(), Reaction.down())),
            CheckPolicy.of(Reaction.weight(50), Reaction.down()));
    private final VerdictEngine engine = new VerdictEngine(policy, new RiseFall(2, 2),
            new WeightHold(Duration.ofSeconds(10), ticker),
            new RecoveryWindow(Duration.ofSeconds(60), List.of(25, 50, 75), ticker),
            new ReadyWindow(Duration.ofSeconds(10), State.UP, ticker));

    @Test
    void walksHealthyDegradedDownRecoveryHealthy() {
        assertEquals("up 100%\n", reply(OK, OK));
        assertEquals("up 100%\n", reply(WARN, OK));
        assertEquals("up 50% # cpu warn: load\n", reply(WARN, OK));
        assertEquals("up 50% # cpu warn: load (rise 1/2)\n", reply(OK, CRIT));
        assertEquals("down # storage crit: 503\n", reply(OK, CRIT));
        assertEquals("down # storage crit: 503 (rise 1/2)\n", reply(OK, OK));
        assertEquals("up 25% # recovery 25%, 60 s left\n", reply(OK, OK));
        ticker.advance(Duration.ofSeconds(20));
        assertEquals("up 50% # recovery 50%, 40 s left\n", reply(OK, OK));
        ticker.advance(Duration.ofSeconds(40));
        assertEquals("up 100%\n", reply(OK, OK));
    }

    @Test
    void holdsAHigherWeightUntilItHasLasted() {
        reply(WARN, OK);
        assertEquals("up 50% # cpu warn: load\n", reply(WARN, OK));
        reply(OK, OK);
        assertEquals("up 50% # hold 50% before 100%, 10 s left\n", reply(OK, OK));
        ticker.advance(Duration.ofSeconds(10));
        assertEquals("up 100%\n", reply(OK, OK));
    }

    @Test
    void drainThenReadyForTheInterval() {
        reply(OK, OK);
        assertEquals("up drain 100% # drain marker\n", replyWith(Markers.of(true, false)));
        assertEquals("up ready 100%\n", replyWith(Markers.NONE));
        ticker.advance(Duration.ofSeconds(10));
        assertEquals("up 100%\n", replyWith(Markers.NONE));
    }

    private String replyWith(Markers markers) {
        return AgentReplyFormatter.format(engine.decide(results(OK, OK), markers));
    }

    private String reply(Level cpu, Level storage) {
        return AgentReplyFormatter.format(engine.decide(results(cpu, storage), Markers.NONE));
    }

    private static List<CheckResult> results(Level cpu, Level storage) {
        return List.of(new CheckResult("cpu", cpu, cpu == OK ? "" : "load"),
                new CheckResult("storage", storage, storage == OK ? "" : "503"));
    }

    @Test
    void aReloadAloneMovesNeitherTheRecoveryNorTheHoldNorRiseAndFall() {
        VerdictSettings settings = new VerdictSettings(2, 2, Duration.ofSeconds(10), Duration.ofSeconds(60),
                List.of(25, 50, 75), Duration.ofSeconds(10));
        VerdictEngine started = VerdictEngine.start(policy, settings, RecoverySnapshot.HEALTHY, State.UP, ticker);
        assertEquals("down # storage crit: 503\n", reply(started, OK, CRIT));
        reply(started, OK, OK);
        assertEquals("up 25% # recovery 25%, 60 s left\n", reply(started, OK, OK));
        ticker.advance(Duration.ofSeconds(25));
        assertEquals("up 50% # recovery 50%, 35 s left\n", reply(started, OK, CRIT));

        // The same checks, and a new one whose first probe is slow: nothing moves.
        VerdictEngine reloaded = started.reloaded(policy, settings, Set.of("cpu", "storage"));
        List<CheckResult> withNew = List.of(new CheckResult("cpu", OK, ""), new CheckResult("storage", OK, ""),
                new CheckResult("preview", UNKNOWN, "timed out after 1000 ms"));
        assertEquals("up 50% # recovery 50%, 35 s left\n",
                AgentReplyFormatter.format(reloaded.decide(withNew, Markers.NONE)));
        ticker.advance(Duration.ofSeconds(35));
        assertEquals("up 100%\n", reply(reloaded, OK, OK));

        // A weight waiting out its hold keeps the time it has waited.
        reply(reloaded, WARN, OK);
        assertEquals("up 50% # cpu warn: load\n", reply(reloaded, WARN, OK));
        reply(reloaded, OK, OK);
        assertEquals("up 50% # hold 50% before 100%, 10 s left\n", reply(reloaded, OK, OK));
        ticker.advance(Duration.ofSeconds(6));
        VerdictEngine again = reloaded.reloaded(policy, settings, Set.of("cpu", "storage"));
        assertEquals("up 50% # hold 50% before 100%, 4 s left\n", reply(again, OK, OK));
        ticker.advance(Duration.ofSeconds(4));
        assertEquals("up 100%\n", reply(again, OK, OK));
    }

    @Test
    void aCheckWhoseSettingsChangedStaysFailingUntilItRises() {
        VerdictSettings settings = new VerdictSettings(2, 2, Duration.ZERO, Duration.ZERO, List.of(),
                Duration.ofSeconds(10));
        VerdictEngine started = VerdictEngine.start(policy, settings, RecoverySnapshot.HEALTHY, State.UP, ticker);
        assertEquals("down # storage crit: 503\n", reply(started, OK, CRIT));
        VerdictEngine reloaded = started.reloaded(policy, settings, Set.of("cpu"));
        assertEquals("down # storage crit: settings changed by a reload; before: 503 (rise 1/2)\n",
                reply(reloaded, OK, OK));
        assertEquals("up 100%\n", reply(reloaded, OK, OK));
    }

    private static String reply(VerdictEngine engine, Level cpu, Level storage) {
        return AgentReplyFormatter.format(engine.decide(results(cpu, storage), Markers.NONE));
    }
}
