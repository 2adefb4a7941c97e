package io.rxhealth.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rxhealth.weighting.logs.LogLine;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped jar run by an unprivileged user (uid 65534, as a non-root operator would run it by
 * hand): /var/lib/rx-health-agent is not writable, so the state goes under $HOME/.local/state and
 * the log says so. Needs root to drop to that uid (setpriv, util-linux).
 */
class NonRootIT {
    @TempDir
    Path dir;

    @Test
    void fallsBackToAStateDirInHomeAndServes() throws Exception {
        Path jar = Path.of("target", "rx-health-agent.jar").toAbsolutePath();
        assertTrue(Files.exists(jar), jar + " is missing: run 'mvn package' first (failsafe runs after it)");
        // The temp dir is root's; the user must be able to reach its home and the jar's lib/.
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path home = Files.createDirectory(dir.resolve("home"));
        Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxrwxrwx"));
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path config = dir.resolve("agent.yaml");
        Files.writeString(config, """
                listen: { address: 127.0.0.1, port: %d, socket: bind }
                status: { enabled: false }
                checks:
                  disk: [ { path: / } ]
                """.formatted(port));
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-r--r--"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                "env", "HOME=" + home, "XDG_STATE_HOME=", java, "-jar", jar.toString(), "run", "-c", config.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("agent.log").toFile()).start();
        try {
            InetSocketAddress agent = new InetSocketAddress("127.0.0.1", port);
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                    .untilAsserted(() -> assertThat(AgentReplies.fetch(agent)).isEqualTo("up 100%\n"));
            Path state = home.resolve(".local/state/rx-health-agent");
            await().atMost(Duration.ofSeconds(5)).until(() -> Files.exists(state.resolve("state.json")));
            assertThat(Files.readString(dir.resolve("agent.log")))
                    .contains("state dir /var/lib/rx-health-agent is not writable by this user; using " + state);
            // Not under the journal: each line carries its time, in the line the LB daemon writes too.
            assertThat(Files.readAllLines(dir.resolve("agent.log"))).isNotEmpty()
                    .allSatisfy(line -> assertThat(line).matches(LogLine.SHAPE))
                    .anySatisfy(line -> assertThat(line).contains(" INFO StateDirectory - state dir"));
        } finally {
            p.destroy();
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }
}
