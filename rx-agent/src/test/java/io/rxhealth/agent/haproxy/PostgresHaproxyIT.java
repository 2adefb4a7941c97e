package io.rxhealth.agent.haproxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.rxhealth.checks.postgres.PostgresServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.assertj.core.api.ThrowingConsumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.TestWatcher;

/**
 * The shipped agent with a PostgreSQL check, a real private PostgreSQL server and the real HAProxy:
 * stopping the database takes the node down in HAProxy's own view, and after a restart the node
 * comes back through the agent's recovery ramp. The agent runs with {@code -verbose:class}, which
 * also shows that the JDBC driver is loaded when the config names it and the AMQP client is not.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresHaproxyIT {
    private static final Duration SETTLE = Duration.ofSeconds(8);
    private static final Duration POLL = Duration.ofMillis(100);

    private PostgresServer postgres;
    private HaproxyStand stand;

    @RegisterExtension
    final TestWatcher logsOnFailure = new TestWatcher() {
        @Override
        public void testFailed(ExtensionContext context, Throwable cause) {
            try {
                System.out.println(stand == null ? "no stand" : stand.logs());
                System.out.println("---- postgres\n" + (postgres == null ? "no server" : postgres.log()));
            } catch (IOException e) {
                System.out.println("cannot read the logs: " + e);
            }
        }
    };

    @BeforeAll
    void startEverything(@TempDir Path secrets) throws Exception {
        postgres = PostgresServer.primary();
        Path password = secrets.resolve("postgres.password");
        Files.writeString(password, PostgresServer.PASSWORD + "\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(password, PosixFilePermissions.fromString("rw-------"));
        stand = HaproxyStand.start("""
                  postgres:
                    - { url: "%s", user: %s, password-file: %s, timeout: 1s }
                """.formatted(postgres.url("rx"), PostgresServer.USER, password), List.of("-verbose:class"));
    }

    @AfterAll
    void stopEverything() throws Exception {
        try {
            if (stand != null) {
                stand.close();
            }
        } finally {
            if (postgres != null) {
                postgres.close();
            }
        }
    }

    @Test
    void haproxySeesTheNodeGoDownWithTheDatabaseAndComeBackAfterItsRestart() throws Exception {
        awaitServer("database up: full weight", s -> {
            assertThat(s.status()).isEqualTo("UP");
            assertThat(s.weight()).isEqualTo(100);
        });
        JsonNode healthy = stand.agent().status();
        assertThat(healthy.path("verdict").asText()).isEqualTo("100%");

        postgres.stop();
        awaitServer("database stopped: down", s -> {
            assertThat(s.status()).isEqualTo("DOWN (agent)");
            assertThat(s.lastAgentCheck()).isEqualTo("via agent : down (postgres crit: connection refused by 127.0.0.1:"
                    + postgres.port() + ")");
        });
        assertThat(stand.agent().status().path("verdict").asText()).isEqualTo("down");

        postgres.start();
        awaitServer("database back: recovery cap 25%", s -> {
            assertThat(s.status()).isEqualTo("UP");
            assertThat(s.weight()).isEqualTo(25);
            assertThat(s.lastAgentCheck()).startsWith("via agent : up (recovery 25%");
        });
        awaitServer("recovery over: full weight", s -> {
            assertThat(s.status()).isEqualTo("UP");
            assertThat(s.weight()).isEqualTo(100);
            assertThat(s.lastAgentCheck()).isEqualTo("via agent : up");
        });

        // The password is in a file the agent reads at each login; nothing it prints holds it.
        String log = stand.agent().log();
        assertThat(log).doesNotContain(PostgresServer.PASSWORD);
        assertThat(stand.agent().status().toString()).doesNotContain(PostgresServer.PASSWORD);
        assertThat(log).as("the JDBC driver is loaded: the config names a postgres check")
                .contains("org.postgresql.Driver");
        assertThat(log).as("the AMQP client is not loaded: no rabbitmq check").doesNotContain("com.rabbitmq.");
    }

    @Test
    void neitherDriverLoadsWhenTheConfigHasNoDependencyChecks(@TempDir Path dir) throws Exception {
        int agentPort = freePort();
        int statusPort = freePort();
        Files.createDirectories(dir.resolve("state"));
        // The embedded default's host checks, on ports of the test's own.
        String yaml = """
                listen: { address: 127.0.0.1, port: %d, socket: bind }
                status: { address: 127.0.0.1, port: %d }
                state-dir: %s
                interval: 200ms
                """.formatted(agentPort, statusPort, dir.resolve("state"));
        try (AgentProcess agent = AgentProcess.start(dir, yaml, URI.create("http://127.0.0.1:" + statusPort + "/status"),
                List.of("-verbose:class"))) {
            // A few cycles, so that every configured check has run.
            await("a few cycles").pollDelay(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(5))
                    .until(() -> agent.status().path("verdict").isTextual());
            String log = agent.log();
            assertThat(log).as("class loading is logged").contains("io.rxhealth.agent.CheckFactory");
            assertThat(log).doesNotContain("org.postgresql.", "com.rabbitmq.");
        }
    }

    private void awaitServer(String alias, ThrowingConsumer<ServerState> expectation) {
        await(alias).atMost(SETTLE).pollInterval(POLL)
                .untilAsserted(() -> assertThat(stand.server()).satisfies(expectation));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
