package io.rxhealth.ovs.process;

import static java.util.Objects.requireNonNull;

/** How a command ended: its exit code and everything it wrote (UTF-8). */
public record CommandResult(int exitCode, String stdout, String stderr) {
    public CommandResult {
        requireNonNull(stdout, "stdout");
        requireNonNull(stderr, "stderr");
    }

    public boolean succeeded() {
        return exitCode == 0;
    }
}
