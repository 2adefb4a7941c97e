package io.rxhealth.weighting;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Runs Prometheus's own linter, {@code promtool check metrics}, on a scrape: both programs' pages go through it. */
public final class Promtool {
    private static final Path PROMTOOL = Path.of("/usr/bin/promtool");

    private Promtool() {
    }

    /** Fails the test with promtool's findings, or when promtool is not installed. */
    public static void assertClean(String scrape) throws IOException, InterruptedException {
        assertThat(Files.isExecutable(PROMTOOL))
                .as("%s is missing: install it with apt-get install prometheus (stand/test-deps does)", PROMTOOL)
                .isTrue();
        Process p = new ProcessBuilder(PROMTOOL.toString(), "check", "metrics").redirectErrorStream(true).start();
        try (OutputStream in = p.getOutputStream()) {
            in.write(scrape.getBytes(StandardCharsets.UTF_8));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("promtool did not finish in 30 s");
        }
        assertThat(out).as("promtool check metrics").isEmpty();
        assertThat(p.exitValue()).as("promtool exit code, output: %s", out).isZero();
    }
}
