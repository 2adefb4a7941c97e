package io.rxhealth.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped jar started exactly as systemd starts it with {@code Accept=no} and
 * {@code StandardInput=socket}: the listening socket on stdin. A python3 launcher plays systemd:
 * it binds and listens, prints the port, and execs java with the socket as fd 0.
 */
class SocketActivationIT {
    private static final String LAUNCHER = """
            import os, socket, sys
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(('127.0.0.1', 0))
            s.listen(64)
            print(s.getsockname()[1], flush=True)
            os.dup2(s.fileno(), 0)
            os.execvp(sys.argv[1], sys.argv[1:])
            """;

    @TempDir
    Path dir;

    @Test
    void servesOnTheSocketInheritedOnStdin() throws Exception {
        Path jar = Path.of("target", "rx-health-agent.jar").toAbsolutePath();
        assertTrue(Files.exists(jar), jar + " is missing: run 'mvn package' first (failsafe runs after it)");
        Path config = dir.resolve("agent.yaml");
        Files.writeString(config, """
                listen: { socket: inherited }
                status: { enabled: false }
                state-dir: %s
                checks:
                  disk: [ { path: / } ]
                """.formatted(dir.resolve("state")));
        Path launcher = dir.resolve("launch.py");
        Files.writeString(launcher, LAUNCHER);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder("python3", launcher.toString(), java, "-XX:+UseSerialGC", "-Xmx32m",
                "-Xss256k", "-XX:TieredStopAtLevel=1", "-jar", jar.toString(), "run", "--config", config.toString())
                .redirectError(dir.resolve("agent.log").toFile()).start();
        try {
            int port = Integer.parseInt(new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.US_ASCII)).readLine().trim());
            InetSocketAddress address = new InetSocketAddress("127.0.0.1", port);
            // The socket is listening before the JVM starts, as with systemd: the first connection
            // waits in the backlog until the agent accepts it.
            String first = AgentReplies.fetch(address, Duration.ofSeconds(20));
            assertThat(first).as("agent log: %s", Files.readString(dir.resolve("agent.log")))
                    .matches("up 100%\n");
            for (int i = 0; i < 20; i++) {
                assertThat(AgentReplies.fetch(address)).isEqualTo(first);
            }
            assertThat(Files.readString(dir.resolve("agent.log"))).contains("serving agent-check on", "(inherited)");
        } finally {
            p.destroy();
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }
}
