package io.rxhealth.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Level;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CheckRunnerTest {
    private final ExecutorService pool = Executors.newCachedThreadPool();
    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void stop() {
        release.countDown();
        pool.shutdownNow();
    }

    @Test
    void mapsExceptionsAndTimeoutsToUnknownAndKeepsConfigOrder() {
        CheckRunner runner = new CheckRunner(List.of(
                timed(check("ok", () -> CheckResult.ok("ok", "fine")), 1000),
                timed(check("throws", () -> {
                    throw new IOException("connection refused");
                }), 1000),
                timed(check("hangs", this::hang), 50),
                timed(check("wrong-name", () -> CheckResult.ok("other", "")), 1000)), pool, Ticker.system());

        List<CheckRunner.Outcome> outcomes = runner.runAll();

        assertEquals(List.of("ok", "throws", "hangs", "wrong-name"),
                outcomes.stream().map(o -> o.result().check()).toList());
        assertEquals(Level.OK, outcomes.get(0).result().level());
        assertEquals(CheckResult.unknown("throws", "IOException: connection refused"), outcomes.get(1).result());
        assertEquals(CheckResult.unknown("hangs", "timed out after 50 ms"), outcomes.get(2).result());
        assertEquals(CheckResult.unknown("wrong-name", "check returned a result for other"), outcomes.get(3).result());
    }

    @Test
    void aHungCheckIsNotStartedAgainAndDoesNotHoldUpTheOthers() {
        int[] runs = new int[1];
        CheckRunner runner = new CheckRunner(List.of(
                timed(check("hangs", () -> {
                    runs[0]++;
                    return hang();
                }), 20),
                timed(check("ok", () -> CheckResult.ok("ok", "")), 1000)), pool, Ticker.system());
        runner.runAll();
        List<CheckRunner.Outcome> second = runner.runAll();
        assertEquals(Level.UNKNOWN, second.get(0).result().level());
        assertTrue(second.get(0).result().detail().startsWith("still running after "), second.get(0).result().detail());
        assertEquals(Level.OK, second.get(1).result().level());
        assertEquals(1, runs[0]);
    }

    private CheckResult hang() throws InterruptedException {
        release.await();
        return CheckResult.ok("hangs", "");
    }

    private interface Body {
        CheckResult run() throws Exception;
    }

    private static Check check(String name, Body body) {
        return new Check() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public CheckResult run() throws Exception {
                return body.run();
            }
        };
    }

    private static CheckRunner.Timed timed(Check check, long millis) {
        return new CheckRunner.Timed(check, Duration.ofMillis(millis));
    }
}
