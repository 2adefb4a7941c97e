package io.rxhealth.agent.loop;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.rxhealth.agent.check.CheckRunner;
import io.rxhealth.agent.json.Json;
import io.rxhealth.agent.metrics.AgentMetrics;
import io.rxhealth.agent.state.History;
import io.rxhealth.agent.state.MarkerFiles;
import io.rxhealth.agent.state.StateFile;
import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckPolicy;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Level;
import io.rxhealth.weighting.Policy;
import io.rxhealth.weighting.Reaction;
import io.rxhealth.weighting.ReadyWindow;
import io.rxhealth.weighting.RecoveryWindow;
import io.rxhealth.weighting.RiseFall;
import io.rxhealth.weighting.State;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.VerdictEngine;
import io.rxhealth.weighting.WeightHold;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recovery and ready windows run on the monotonic ticker: the wall clock stepping an hour
 * forward or back (NTP, an operator's date) neither ends nor stretches them.
 */
class AgentLoopClockStepTest {
    @TempDir
    Path state;

    private final AtomicLong nanos = new AtomicLong();
    private final Ticker ticker = nanos::get;
    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-12-01T12:00:00Z"));
    private final InstantSource wall = now::get;
    private final AtomicReference<Level> level = new AtomicReference<>(Level.OK);
    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    @Test
    void recoveryAndReadyWindowsIgnoreWallClockSteps() throws Exception {
        AgentLoop loop = loop();
        level.set(Level.CRIT);
        assertThat(loop.cycle().verdict()).isEqualTo("down");

        level.set(Level.OK);
        assertThat(loop.cycle().verdict()).isEqualTo("50%");
        step(Duration.ofHours(1), Duration.ofSeconds(1));
        assertThat(loop.cycle().verdict()).as("an hour of wall clock is not an hour of recovery").isEqualTo("50%");
        step(Duration.ofHours(-2), Duration.ofSeconds(60));
        assertThat(loop.cycle().verdict()).as("a minute of ticker is, whatever the wall clock did").isEqualTo("100%");

        Files.writeString(state.resolve("drain"), "deploy\n");
        assertThat(loop.cycle().verdict()).isEqualTo("drain");
        Files.delete(state.resolve("drain"));
        assertThat(loop.cycle().ready()).isTrue();
        step(Duration.ofHours(1), Duration.ofSeconds(1));
        assertThat(loop.cycle().ready()).as("ready still said after a wall-clock jump").isTrue();
        step(Duration.ofHours(-3), Duration.ofSeconds(10));
        assertThat(loop.cycle().ready()).as("ready ends after its 10 s of ticker").isFalse();
    }

    private void step(Duration wallStep, Duration tickerStep) {
        now.updateAndGet(t -> t.plus(wallStep).plus(tickerStep));
        nanos.addAndGet(tickerStep.toNanos());
    }

    private AgentLoop loop() {
        Check check = new Check() {
            @Override
            public String name() {
                return "storage";
            }

            @Override
            public CheckResult run() {
                return new CheckResult("storage", level.get(), level.get().name().toLowerCase());
            }
        };
        var engine = new VerdictEngine(
                new Policy(Map.of("storage", CheckPolicy.of(Reaction.weight(50), Reaction.down())),
                        CheckPolicy.of(Reaction.weight(50), Reaction.down())),
                new RiseFall(1, 1), new WeightHold(Duration.ZERO, ticker),
                new RecoveryWindow(Duration.ofSeconds(60), List.of(50), ticker),
                new ReadyWindow(Duration.ofSeconds(10), State.UP, ticker));
        var json = Json.json();
        return new AgentLoop(new CheckRunner(List.of(new CheckRunner.Timed(check, Duration.ofSeconds(1))), pool,
                ticker), new MarkerFiles(state), engine, line -> { }, new StateFile(state, json),
                new History(state, json, 10), new AgentMetrics(new PrometheusRegistry()), wall, state.toString(),
                null, name -> null);
    }
}
