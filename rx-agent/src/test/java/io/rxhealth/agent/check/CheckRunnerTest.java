package io.rxhealth.agent.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Level;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
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
        // In words, without the Java class name: the detail reaches HAProxy's stats page.
        assertEquals(CheckResult.unknown("throws", "connection refused"), outcomes.get(1).result());
        assertEquals(CheckResult.unknown("hangs", "timed out after 50 ms"), outcomes.get(2).result());
        assertEquals(List.of(false, false, true, false), outcomes.stream().map(CheckRunner.Outcome::timedOut).toList());
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

    @Test
    void aRunnerContinuedOverAReloadDoesNotStartAKeptHungCheckAgain() {
        java.util.concurrent.atomic.AtomicInteger runs = new java.util.concurrent.atomic.AtomicInteger();
        Check hung = check("hangs", () -> {
            runs.incrementAndGet();
            return hang();
        });
        CheckRunner before = new CheckRunner(List.of(timed(hung, 20)), pool, Ticker.system());
        before.runAll();

        CheckRunner after = before.continuing(List.of(timed(check("added", () -> CheckResult.ok("added", "")), 1000),
                timed(hung, 5000)));
        List<CheckRunner.Outcome> outcomes = after.runAll();
        assertEquals(Level.OK, outcomes.get(0).result().level());
        assertTrue(outcomes.get(1).result().detail().startsWith("still running after "),
                outcomes.get(1).result().detail());
        assertEquals(1, runs.get());

        // Once its run has ended, the kept check runs again, under the new runner.
        release.countDown();
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> after.runAll().get(1)
                .result().level() == Level.OK);
        assertEquals(2, runs.get(), "started again only after its first run ended");
    }

    @Test
    void quickChecksRunOneAfterAnotherOnOnePooledThread() {
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        List<CheckRunner.Timed> quick = IntStream.range(0, 6).mapToObj(i -> "quick-" + i)
                .map(name -> timed(check(name, () -> {
                    threads.add(Thread.currentThread());
                    return CheckResult.ok(name, "");
                }), 1000))
                .toList();
        CheckRunner runner = new CheckRunner(quick, pool, Ticker.system(), Duration.ofSeconds(5));
        assertThat(runner.runAll()).allMatch(o -> o.result().level() == Level.OK);
        // Across cycles (seconds apart) the pool hands the same idle thread the next drainer.
        assertThat(threads).hasSize(1);
    }

    @Test
    void aSlowCheckGetsTheChecksAfterItStartedOnAnotherThread() {
        Set<Thread> okThreads = ConcurrentHashMap.newKeySet();
        Thread[] hungOn = new Thread[1];
        long[] okStartedNanos = new long[1];
        CheckRunner runner = new CheckRunner(List.of(
                timed(check("hangs", () -> {
                    hungOn[0] = Thread.currentThread();
                    return hang();
                }), 200),
                timed(check("ok", () -> {
                    okStartedNanos[0] = System.nanoTime();
                    okThreads.add(Thread.currentThread());
                    return CheckResult.ok("ok", "");
                }), 1000)), pool, Ticker.system(), Duration.ofMillis(10));

        long cycleStartedNanos = System.nanoTime();
        List<CheckRunner.Outcome> outcomes = runner.runAll();

        assertEquals(CheckResult.unknown("hangs", "timed out after 200 ms"), outcomes.get(0).result());
        assertEquals(Level.OK, outcomes.get(1).result().level());
        // Started once the hung check had kept it waiting for the overlap, not after the timeout.
        assertThat(outcomes.get(1).duration()).isLessThan(Duration.ofMillis(200));
        assertThat(Duration.ofNanos(okStartedNanos[0] - cycleStartedNanos)).isLessThan(Duration.ofMillis(200));
        assertThat(okThreads).hasSize(1).doesNotContain(hungOn[0]);
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
