package io.rxhealth.checks.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.FakeTicker;
import io.rxhealth.weighting.Level;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ContainerCheckTest {
    private static final Instant STARTED = Instant.parse("2026-11-30T09:15:02.5Z");

    private final FakeEngine engine = new FakeEngine();
    private final FakeTicker ticker = new FakeTicker();
    private final ContainerCheck check =
            new ContainerCheck(engine, "rx-storage", 3, Duration.ofMinutes(10), ticker);

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                | state      | health    | exit | level   | detail
        running, no health check  | RUNNING    | ''        | 0    | OK      | container rx-storage running since 2026-11-30T09:15:02Z
        running, docker's none    | RUNNING    | none      | 0    | OK      | container rx-storage running since 2026-11-30T09:15:02Z
        running and healthy       | RUNNING    | healthy   | 0    | OK      | container rx-storage running, healthy since 2026-11-30T09:15:02Z
        health check starting     | RUNNING    | starting  | 0    | WARN    | container rx-storage running, health check starting
        unhealthy                 | RUNNING    | unhealthy | 0    | CRIT    | container rx-storage unhealthy
        unknown health word       | RUNNING    | sick      | 0    | UNKNOWN | container rx-storage reports health status 'sick' (expected: starting, healthy or unhealthy)
        exited                    | EXITED     | ''        | 137  | CRIT    | container rx-storage exited (code 137)
        exited with health left   | EXITED     | unhealthy | 1    | CRIT    | container rx-storage exited (code 1)
        dead                      | DEAD       | ''        | 255  | CRIT    | container rx-storage dead (code 255)
        restarting                | RESTARTING | ''        | 1    | CRIT    | container rx-storage restarting (last exit code 1, 2 restarts)
        paused                    | PAUSED     | healthy   | 0    | CRIT    | container rx-storage paused
        created, never started    | CREATED    | ''        | 0    | CRIT    | container rx-storage created but not started
        being removed             | REMOVING   | ''        | 0    | CRIT    | container rx-storage removing
        being stopped             | STOPPING   | ''        | 0    | CRIT    | container rx-storage stopping
        """)
    void judgesStateAndHealth(String scenario, ContainerState state, String health, long exit,
                              Level level, String detail) throws Exception {
        engine.put("rx-storage", new ContainerStatus("c1", state, health, 2, exit, STARTED));
        assertThat(check.run()).as(scenario)
                .isEqualTo(new CheckResult("container:rx-storage", level, detail));
    }

    @Test
    void saysWhenTheContainerDoesNotExist() throws Exception {
        assertThat(check.run())
                .isEqualTo(CheckResult.crit("container:rx-storage", "container 'rx-storage' not found"));
    }

    @Test
    void throwsWhenTheDaemonCannotBeAskedSoTheRunnerReportsUnknown() {
        engine.down("unix:///var/run/docker.sock: GET /containers/rx-storage/json: Connection refused");
        assertThatThrownBy(check::run).isInstanceOf(IOException.class)
                .hasMessageEndingWith("Connection refused");
    }

    @Test
    void warnsWhenRestartsWithinTheWindowExceedTheLimit() throws Exception {
        running(0);
        assertThat(check.run().level()).isEqualTo(Level.OK);
        ticker.advance(Duration.ofMinutes(2));
        running(3);
        assertThat(check.run().level()).as("3 restarts: at the limit").isEqualTo(Level.OK);
        ticker.advance(Duration.ofMinutes(2));
        running(4);
        assertThat(check.run()).isEqualTo(CheckResult.warn("container:rx-storage",
                "container rx-storage restarted 4 times within 10m (more than 3)"));
        ticker.advance(Duration.ofMinutes(9));
        assertThat(check.run().detail()).as("the first 3 left the window")
                .startsWith("container rx-storage running");
        ticker.advance(Duration.ofMinutes(2));
        assertThat(check.run().level()).isEqualTo(Level.OK);
    }

    @Test
    void keepsCountingRestartsWhileTheContainerIsDown() throws Exception {
        running(0);
        check.run();
        engine.put("rx-storage", new ContainerStatus("c1", ContainerState.RESTARTING, "", 4, 1, STARTED));
        assertThat(check.run().level()).isEqualTo(Level.CRIT);
        running(4);
        assertThat(check.run().detail()).contains("restarted 4 times");
    }

    @Test
    void startsCountingAgainForARecreatedContainer() throws Exception {
        running(0);
        check.run();
        running(5);
        assertThat(check.run().level()).isEqualTo(Level.WARN);
        engine.remove("rx-storage");
        assertThat(check.run().level()).isEqualTo(Level.CRIT);
        engine.put("rx-storage", new ContainerStatus("c2", ContainerState.RUNNING, "", 5, 0, STARTED));
        assertThat(check.run().level()).as("same count, new container: a new baseline")
                .isEqualTo(Level.OK);
    }

    @Test
    void isNamedAfterTheContainer() {
        assertThat(check.name()).isEqualTo("container:rx-storage");
    }

    @ParameterizedTest
    @CsvSource({"PT10M, 10m", "PT1H, 1h", "PT90S, 90s", "PT0.5S, 500ms", "PT2H30M, 150m"})
    void writesDurationsAsOperatorsDo(Duration duration, String expected) {
        assertThat(ContainerCheck.human(duration)).isEqualTo(expected);
    }

    private void running(int restartCount) {
        engine.put("rx-storage",
                new ContainerStatus("c1", ContainerState.RUNNING, "", restartCount, 0, STARTED));
    }
}
