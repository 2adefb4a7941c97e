package io.rxhealth.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing of the JDBC driver or the AMQP client loads unless the config names their checks: the
 * shipped jar runs every check of a config once ({@code check}) with the JVM logging each class it
 * loads. The control with both checks (on closed loopback ports) shows that the log would show them.
 */
class DriverClassLoadingIT {
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final Path DEFAULT_CONFIG = Path.of("src", "main", "resources", "rx-health-agent.yaml");
    /** A loaded class of either driver, or of our checks that use them. */
    private static final Pattern DRIVER_CLASS = Pattern.compile(
            "(?m)^\\[[^\\]]*\\]\\[info\\]\\[class,load\\] (org\\.postgresql\\.|com\\.rabbitmq\\."
                    + "|io\\.rxhealth\\.checks\\.(postgres|rabbitmq)\\.)\\S+");

    @TempDir
    Path dir;

    @Test
    void theDefaultConfigLoadsNeitherDriver() throws Exception {
        String log = check(Files.readString(DEFAULT_CONFIG));
        assertThat(log).contains("io.rxhealth.agent.check.CheckFactory", "verdict: ");
        assertThat(DRIVER_CLASS.matcher(log).results().map(m -> m.group()).toList()).isEmpty();
    }

    @Test
    void aConfigWithBothChecksLoadsBoth() throws Exception {
        int pg = closedPort();
        int mq = closedPort();
        String log = check(Files.readString(DEFAULT_CONFIG) + """
                  postgres:
                    - { url: "jdbc:postgresql://127.0.0.1:%d/rx", user: rx, password: not-a-secret, timeout: 1s }
                  rabbitmq: { url: "amqp://127.0.0.1:%d/", user: rx, password: not-a-secret, timeout: 1s }
                """.formatted(pg, mq));
        assertThat(log).contains("org.postgresql.Driver", "com.rabbitmq.client.ConnectionFactory",
                "connection refused by 127.0.0.1:" + pg, "connection refused by 127.0.0.1:" + mq);
    }

    /** {@code rx-health-agent check -c CONFIG} with class loading logged; stdout and stderr together. */
    private String check(String config) throws IOException, InterruptedException {
        Path jar = Path.of("target", "rx-health-agent.jar").toAbsolutePath();
        assertTrue(Files.exists(jar), jar + " is missing: run 'mvn package' first (failsafe runs after it)");
        // the checks the tests append are indented under the last top-level key, checks:
        assertThat(config).containsPattern("(?m)^checks:");
        Path cfg = dir.resolve("agent.yaml");
        Files.writeString(cfg, "state-dir: " + dir.resolve("state") + "\n" + config);
        Path out = dir.resolve("out.log");
        Process p = new ProcessBuilder(List.of(JAVA, "-Xlog:class+load=info", "-jar", jar.toString(), "check",
                "-c", cfg.toString())).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("rx-health-agent check did not end within 120 s: " + Files.readString(out));
        }
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
