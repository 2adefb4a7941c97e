package io.rxhealth.agent.haproxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rxhealth.checks.postgres.PostgresServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.assertj.core.api.ThrowingConsumer;
import org.junit.jupiter.api.Test;

/**
 * End to end: the shipped agent probes a real PostgreSQL server started by the test, and the real
 * HAProxy sees the node go down when the database stops, then come back through the recovery ramp
 * (25%, 50%, then full weight) once it has restarted.
 */
class HaproxyPostgresIT {
    private static final Duration SETTLE = Duration.ofSeconds(10);
    private static final Duration POLL = Duration.ofMillis(100);

    @Test
    void databaseStoppedTakesTheNodeDownAndItRampsBackAfterTheRestart() throws Exception {
        Path pwDir = Files.createTempDirectory("rxh-pgpw-");
        Path pw = pwDir.resolve("postgres.password");
        Files.writeString(pw, PostgresServer.PASSWORD + "\n");
        Files.setPosixFilePermissions(pw, PosixFilePermissions.fromString("rw-------"));
        try (PostgresServer db = PostgresServer.primary();
             HaproxyStand stand = HaproxyStand.start("""
                       postgres:
                         - { url: "%s", user: %s, password-file: %s, timeout: 2s, on-crit: down }
                     """.formatted(db.url("rx"), PostgresServer.USER, pw))) {
            awaitServer(stand, "database up: full weight", s -> {
                assertThat(s.status()).isEqualTo("UP");
                assertThat(s.weight()).isEqualTo(100);
            });

            db.stop();
            awaitServer(stand, "database stopped: down", s -> {
                assertThat(s.status()).isEqualTo("DOWN (agent)");
                assertThat(s.lastAgentCheck()).startsWith("via agent : down (postgres crit: connection refused by 127.0.0.1:"
                        + db.port());
            });
            assertThat(stand.logs()).doesNotContain(PostgresServer.PASSWORD);

            db.start();
            awaitServer(stand, "database back: recovery ramp starts low", s -> {
                assertThat(s.status()).isEqualTo("UP");
                assertThat(s.weight()).isBetween(25, 50);
            });
            awaitServer(stand, "recovery window passed: full weight", s -> {
                assertThat(s.status()).isEqualTo("UP");
                assertThat(s.weight()).isEqualTo(100);
            });
        } finally {
            Files.deleteIfExists(pw);
            Files.deleteIfExists(pwDir);
        }
    }

    private static void awaitServer(HaproxyStand stand, String alias, ThrowingConsumer<ServerState> expectation) {
        await(alias).atMost(SETTLE).pollInterval(POLL)
                .untilAsserted(() -> assertThat(stand.server()).satisfies(expectation));
    }
}
