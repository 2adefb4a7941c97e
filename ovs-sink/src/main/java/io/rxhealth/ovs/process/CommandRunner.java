package io.rxhealth.ovs.process;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;

/** Runs an external command to completion; the seam between flow logic and {@code ovs-ofctl}. */
@FunctionalInterface
public interface CommandRunner {
    /**
     * Runs {@code command} (no shell), feeds it {@code stdin} (UTF-8; {@code null} for none) and
     * waits at most {@code timeout}. A non-zero exit is a result, not an exception.
     *
     * @throws TimeoutException when the command has not exited in time; it has been killed
     * @throws IOException when the command cannot be started
     */
    CommandResult run(List<String> command, String stdin, Duration timeout)
            throws IOException, InterruptedException, TimeoutException;

    /** Runs commands as child processes of this JVM. */
    static CommandRunner processes() {
        return new ProcessCommandRunner();
    }
}
