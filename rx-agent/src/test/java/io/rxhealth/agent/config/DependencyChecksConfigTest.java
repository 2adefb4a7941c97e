package io.rxhealth.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rxhealth.weighting.Reaction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DependencyChecksConfigTest {
    private final ConfigLoader loader = new ConfigLoader();

    @TempDir
    Path tmp;

    @Test
    void defaultsFollowThePolicyMatrix() throws IOException {
        Path pw = secretFile("0600");
        AgentConfig c = loader.parse("""
                checks:
                  postgres:
                    - { url: "jdbc:postgresql://db1,db2/directum?targetServerType=primary", user: rx, password-file: %s }
                  rabbitmq:
                    url: amqp://127.0.0.1:5672/rx
                    user: rx
                    password: inline-secret
                    queues:
                      - { name: rx.jobs, max-ready: 1000 }
                      - { name: rx.mail }
                """.formatted(pw), "test");
        assertThat(CheckSpec.names(c.checks())).containsExactly("postgres", "rabbitmq", "rabbitmq-queue:rx.jobs",
                "rabbitmq-queue:rx.mail");
        CheckSpec.Postgres pg = (CheckSpec.Postgres) c.checks().get(0);
        assertThat(pg.policy().onCrit()).isEqualTo(Reaction.down());
        assertThat(pg.policy().onUnknown()).isEqualTo(Reaction.down());
        assertThat(pg.policy().onWarn()).isEqualTo(Reaction.weight(50));
        assertThat(pg.query()).isEqualTo("SELECT 1");
        assertThat(pg.applicationName()).isEqualTo("rx-health-agent");
        assertThat(pg.password().value().get()).isEqualTo("file-secret");
        CheckSpec.Rabbitmq mq = (CheckSpec.Rabbitmq) c.checks().get(1);
        assertThat(mq.policy().onCrit()).isEqualTo(Reaction.weight(50));
        assertThat(mq.virtualHost()).isEqualTo("rx");
        assertThat(mq.port()).isEqualTo(5672);
        assertThat(mq.heartbeat()).isEqualTo(Duration.ofSeconds(10));
        CheckSpec.RabbitQueue jobs = (CheckSpec.RabbitQueue) c.checks().get(2);
        assertThat(jobs.policy().onWarn()).isEqualTo(Reaction.weight(75));
        assertThat(jobs.maxReady()).contains(1000);
        assertThat(jobs.risingCycles()).isEmpty();
        assertThat(((CheckSpec.RabbitQueue) c.checks().get(3)).risingCycles()).isEqualTo(Optional.of(5));
        // Secrets never print.
        assertThat(c.toString()).doesNotContain("file-secret", "inline-secret");
        assertThat(CheckSpec.inlineSecrets(c.checks())).containsExactly("checks.rabbitmq.password");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario          | checks yaml                                                                               | message
        no url              | postgres: [ { user: rx, password: x } ]                                                   | test: checks.postgres[0].url: null (expected: jdbc:postgresql://host:port/database)
        not jdbc            | postgres: [ { url: 'http://db/rx', user: rx, password: x } ]                               | test: checks.postgres[0].url: 'http://db/rx' (expected: jdbc:postgresql://host:port/database)
        password in url     | postgres: [ { url: 'jdbc:postgresql://db/rx?password=hunter2', user: rx, password: x } ]   | test: checks.postgres[0].url: 'jdbc:postgresql://db/rx?password=***' carries password (expected: no secrets in the URL; use password-file or password-env)
        no user             | postgres: [ { url: 'jdbc:postgresql://db/rx', password: x } ]                              | test: checks.postgres[0].user: null (expected: the role the probe logs in as, such as rx_health)
        no password         | postgres: [ { url: 'jdbc:postgresql://db/rx', user: rx } ]                                 | test: checks.postgres[0].password: none set (expected: exactly one of password-file, password-env or password)
        two passwords       | postgres: [ { url: 'jdbc:postgresql://db/rx', user: rx, password: hunter2, password-env: X } ] | test: checks.postgres[0].password: 2 sources set (expected: exactly one of password-file, password-env or password)
        unset env           | postgres: [ { url: 'jdbc:postgresql://db/rx', user: rx, password-env: RXH_NO_SUCH_VAR_42 } ] | test: checks.postgres[0].password-env: 'RXH_NO_SUCH_VAR_42' (expected: a variable set in the agent's environment)
        missing file        | postgres: [ { url: 'jdbc:postgresql://db/rx', user: rx, password-file: /nonexistent/pw } ] | test: checks.postgres[0].password-file: '/nonexistent/pw' (expected: an existing file holding the password)
        bad reaction        | postgres: [ { url: 'jdbc:postgresql://db/rx', user: rx, password: x, on-warn: half } ]     | test: checks.postgres[0].on-warn: 'half' (expected: none, down or 0%..100%)
        amqp creds in url   | rabbitmq: { url: 'amqp://rx:hunter2@mq/', user: rx, password: x }                           | test: checks.rabbitmq.url: 'amqp://***@mq' (expected: no credentials in the URL; use user and password-file or password-env)
        not amqp            | rabbitmq: { url: 'http://mq/', user: rx, password: x }                                      | test: checks.rabbitmq.url: 'http://mq/' (expected: amqp://host:port/vhost or amqps://...)
        queue no name       | rabbitmq: { user: rx, password: x, queues: [ { max-ready: 5 } ] }                           | test: checks.rabbitmq.queues[0].name: null (expected: a queue name of 1..255 characters)
        rising of one       | rabbitmq: { user: rx, password: x, queues: [ { name: q, rising-cycles: 1 } ] }              | test: checks.rabbitmq.queues[0].rising-cycles: 1 (expected: >= 2 cycles)
        unknown key         | rabbitmq: { user: rx, password: x, passwd: y }                                              | test: unknown key 'checks.rabbitmq.passwd' (expected one of: heartbeat, management, name, on-crit, on-unknown, on-warn, password, password-env, password-file, queues, timeout, url, user, window)
        """)
    void rejectsWithOneLineThatNeverShowsThePassword(String scenario, String yaml, String message) {
        assertThatThrownBy(() -> loader.parse("checks:\n  " + yaml + "\n", "test")).isInstanceOf(ConfigException.class)
                .hasMessage(message).message().doesNotContain("hunter2");
    }

    @Test
    void passwordFileReadableByOthersIsRefused() throws IOException {
        Path pw = secretFile("0644");
        assertThatThrownBy(() -> loader.parse("checks:\n  postgres: [ { url: 'jdbc:postgresql://db/rx', user: rx, "
                + "password-file: " + pw + " } ]\n", "test"))
                .hasMessage("test: checks.postgres[0].password-file: '" + pw + " mode rw-r--r--' (expected: readable by "
                        + "owner and group only: chmod 0600 or 0640)");
    }

    private Path secretFile(String mode) throws IOException {
        Path pw = tmp.resolve("pw-" + mode);
        Files.writeString(pw, "file-secret\n");
        String perms = switch (mode) {
            case "0600" -> "rw-------";
            default -> "rw-r--r--";
        };
        Files.setPosixFilePermissions(pw, PosixFilePermissions.fromString(perms));
        return pw;
    }

    @Test
    void listOrderIsConfigOrder() {
        AgentConfig c = loader.parse("checks:\n  postgres:\n    - { name: pg-main, url: 'jdbc:postgresql://a/x', user: u, "
                + "password: p }\n    - { name: pg-log, url: 'jdbc:postgresql://b/y', user: u, password: p, timeout: 3s }\n",
                "test");
        assertThat(CheckSpec.names(c.checks())).isEqualTo(List.of("pg-main", "pg-log"));
        assertThat(c.checks().get(1).timeout()).isEqualTo(Duration.ofSeconds(3));
    }
}
