package io.rxhealth.agent.haproxy;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** Stops a child process the test started: SIGTERM to its PID, then SIGKILL if it lingers. */
final class Processes {
    private Processes() {
    }

    static void stop(Process process, Duration grace) {
        process.destroy();
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
