package io.rxhealth.ovs.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class ProcessCommandRunnerIT {
    private final CommandRunner runner = CommandRunner.processes();

    @Test
    void feedsStdinAndCollectsStdoutStderrAndExitCode() throws Exception {
        CommandResult result = runner.run(List.of("sh", "-c", "cat; echo oops >&2; exit 3"), "flow add x\n",
                Duration.ofSeconds(10));

        assertThat(result).isEqualTo(new CommandResult(3, "flow add x\n", "oops\n"));
        assertThat(result.succeeded()).isFalse();
    }

    @Test
    void copesWithOutputLargerThanAPipeWhileStdinIsStillBeingWritten() throws Exception {
        String input = "x".repeat(8 * 1024 * 1024);
        CommandResult result = runner.run(List.of("sh", "-c", "head -c 16000000 /dev/zero; cat >/dev/null"),
                input, Duration.ofSeconds(30));

        assertThat(result.exitCode()).isZero();
        assertThat(result.stdout()).hasSize(16_000_000);
    }

    @Test
    void killsACommandThatOutlivesItsTimeout() {
        long start = System.nanoTime();

        assertThatThrownBy(() -> runner.run(List.of("sleep", "30"), null, Duration.ofMillis(200)))
                .isInstanceOf(TimeoutException.class).hasMessage("sleep 30: no exit within PT0.2S (killed)");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void aMissingBinaryIsAnIoException() {
        assertThatThrownBy(() -> runner.run(List.of("/nonexistent/rxh-ofctl"), null, Duration.ofSeconds(1)))
                .isInstanceOf(IOException.class);
    }
}
