package io.rxhealth.agent.haproxy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a short command to its end and hands back its exit code and merged output. */
final class Commands {
    /** How one command ended; {@code output} is stdout and stderr together, trimmed. */
    record Result(int exit, String output) {
    }

    private Commands() {
    }

    static Result run(Duration timeout, List<String> command) throws IOException, InterruptedException {
        // Output goes to a file, not a pipe: the timeout holds even if the command never closes it.
        Path output = Files.createTempFile("rxh-command", ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IOException(String.join(" ", command) + ": no exit within " + timeout);
            }
            return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8).trim());
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /** Like {@link #run} but an exit other than 0 is an error naming the command and its output. */
    static String check(Duration timeout, List<String> command) throws IOException, InterruptedException {
        Result r = run(timeout, command);
        if (r.exit() != 0) {
            throw new IOException(String.join(" ", command) + ": exit " + r.exit() + ": " + r.output());
        }
        return r.output();
    }
}
