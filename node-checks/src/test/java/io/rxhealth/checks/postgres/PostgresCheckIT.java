package io.rxhealth.checks.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.checks.http.WindowThresholds;
import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Level;
import io.rxhealth.weighting.Ticker;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The PostgreSQL check against real servers from Debian's package, started by the test: one
 * primary shared by the class (and a standby of it for the role test), each scenario asserting
 * the level and the reason an operator reads.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PostgresCheckIT {
    private static final Duration TIMEOUT = Duration.ofMillis(1000);
    private static PostgresServer primary;
    private static PostgresChecks checks;

    @BeforeAll
    static void startServer() throws Exception {
        primary = PostgresServer.primary();
        checks = new PostgresChecks(Ticker.system());
    }

    @AfterAll
    static void stopServer() {
        if (checks != null) {
            checks.close();
        }
        if (primary != null) {
            primary.close();
        }
    }

    private static Check check(String url, String password, String query, WindowThresholds window) {
        return check(url, password, query, window, TIMEOUT);
    }

    private static Check check(String url, String password, String query, WindowThresholds window,
                               Duration timeout) {
        return checks.create(new PostgresSpec("postgres", url, PostgresServer.USER, () -> password, query, timeout,
                "rx-health-agent-it", window), Clock.systemUTC());
    }

    private static Check healthyCheck() {
        return check(primary.url("rx"), PostgresServer.PASSWORD, "SELECT 1", WindowThresholds.defaults());
    }

    @Test
    @Order(1)
    void healthyPrimaryPassesAndShowsInPgStatActivity() throws Exception {
        // The query fails (division by zero) unless the session carries the probe's ApplicationName.
        // The first probe of a JVM loads the driver's classes: a longer timeout for it alone.
        CheckResult r = check(primary.url("rx"), PostgresServer.PASSWORD, "SELECT 1 / (CASE WHEN "
                + "current_setting('application_name') = 'rx-health-agent-it' THEN 1 ELSE 0 END)",
                WindowThresholds.defaults(), Duration.ofSeconds(10)).run();
        assertThat(r.level()).as(r.detail()).isEqualTo(Level.OK);
        assertThat(r.detail()).startsWith("primary at 127.0.0.1:" + primary.port() + " (resolve ")
                .contains("connect ", "login ", "query ", "role ").doesNotContain(PostgresServer.PASSWORD);
    }

    @Test
    @Order(2)
    void wrongPasswordIsAnAuthFailure() throws Exception {
        CheckResult r = check(primary.url("rx"), "not-the-password", "SELECT 1", WindowThresholds.defaults()).run();
        assertThat(r.level()).isEqualTo(Level.CRIT);
        assertThat(r.detail()).isEqualTo("auth failed for user rx");
    }

    @Test
    @Order(3)
    void missingDatabaseIsNamed() throws Exception {
        CheckResult r = check(primary.url("nosuchdb"), PostgresServer.PASSWORD, "SELECT 1",
                WindowThresholds.defaults()).run();
        assertThat(r.level()).isEqualTo(Level.CRIT);
        assertThat(r.detail()).isEqualTo("database nosuchdb does not exist");
    }

    @Test
    @Order(4)
    void slowQueryCrossesTheP95Warn() throws Exception {
        WindowThresholds window = new WindowThresholds(3, 2, java.util.Optional.empty(), java.util.Optional.empty(),
                java.util.Optional.empty(), java.util.Optional.empty(), java.util.OptionalDouble.empty(),
                java.util.OptionalDouble.empty()).withP95(Duration.ofMillis(200), Duration.ofMillis(900));
        Check slow = check(primary.url("rx"), PostgresServer.PASSWORD, "SELECT pg_sleep(0.3)", window);
        CheckResult first = slow.run();
        assertThat(first.level()).as("the first login warms up, out of the window: %s", first.detail())
                .isEqualTo(Level.OK);
        CheckResult second = slow.run();
        assertThat(second.level()).as("one slow probe is below min-samples: %s", second.detail()).isEqualTo(Level.OK);
        CheckResult third = slow.run();
        assertThat(third.level()).as(third.detail()).isEqualTo(Level.WARN);
        assertThat(third.detail()).contains("query p95 ", "over last 2 (warn 200 ms)");
    }

    @Test
    @Order(5)
    void failingQueryNamesTheStageAndTheServersWords() throws Exception {
        CheckResult r = check(primary.url("rx"), PostgresServer.PASSWORD, "SELECT * FROM no_such_table",
                WindowThresholds.defaults()).run();
        assertThat(r.level()).isEqualTo(Level.CRIT);
        assertThat(r.detail()).startsWith("query failed: ").contains("no_such_table", "SQLSTATE 42P01");
    }

    @Test
    @Order(6)
    void standbyIsCritAndPrimaryTargetSkipsIt() throws Exception {
        try (PostgresServer standby = PostgresServer.standbyOf(primary)) {
            CheckResult r = check(standby.url("rx"), PostgresServer.PASSWORD, "SELECT 1",
                    WindowThresholds.defaults()).run();
            assertThat(r.level()).isEqualTo(Level.CRIT);
            assertThat(r.detail()).startsWith("server is a standby at 127.0.0.1:" + standby.port());

            String both = "jdbc:postgresql://127.0.0.1:" + standby.port() + ",127.0.0.1:" + primary.port()
                    + "/rx?targetServerType=primary";
            CheckResult multi = check(both, PostgresServer.PASSWORD, "SELECT 1", WindowThresholds.defaults()).run();
            assertThat(multi.level()).as(multi.detail()).isEqualTo(Level.OK);
            assertThat(multi.detail()).startsWith("primary at 127.0.0.1:" + primary.port());

            String standbyOnly = "jdbc:postgresql://127.0.0.1:" + standby.port() + "/rx?targetServerType=primary";
            CheckResult none = check(standbyOnly, PostgresServer.PASSWORD, "SELECT 1",
                    WindowThresholds.defaults()).run();
            assertThat(none.level()).isEqualTo(Level.CRIT);
            assertThat(none.detail()).isEqualTo("no server of type primary among 127.0.0.1:" + standby.port());
        }
    }

    @Test
    @Order(7)
    void hungServerFailsWithinTheTimeoutHoldsNoThreadAndRecovers() throws Exception {
        Check check = healthyCheck();
        assertThat(check.run().level()).isEqualTo(Level.OK);
        primary.pause();
        try {
            long start = System.nanoTime();
            CheckResult r = check.run();
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertThat(r.level()).isEqualTo(Level.CRIT);
            assertThat(r.detail()).startsWith("login timeout after 1000 ms");
            assertThat(took).isLessThan(TIMEOUT.plusMillis(400));
            // The driver's own connect thread ends with the socket closed at the deadline.
            long deadline = System.nanoTime() + Duration.ofMillis(500).toNanos();
            while (driverThreads() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(driverThreads()).isZero();
        } finally {
            primary.resume();
        }
        CheckResult back = check.run();
        assertThat(back.level()).as(back.detail()).isEqualTo(Level.OK);
    }

    @Test
    @Order(8)
    void stoppedServerIsRefusedAndComesBackAfterRestart() throws Exception {
        Check check = healthyCheck();
        primary.stop();
        CheckResult r = check.run();
        assertThat(r.level()).isEqualTo(Level.CRIT);
        assertThat(r.detail()).isEqualTo("connection refused by 127.0.0.1:" + primary.port());
        primary.start();
        CheckResult back = check.run();
        assertThat(back.level()).as(back.detail()).isEqualTo(Level.OK);
    }

    private static long driverThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().contains("PostgreSQL JDBC")).count();
    }
}
