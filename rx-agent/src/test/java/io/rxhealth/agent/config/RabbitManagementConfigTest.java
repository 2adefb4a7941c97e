package io.rxhealth.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rxhealth.checks.rabbitmq.ManagementSpec;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code checks.rabbitmq.management}: the plugin's health checks, weight modifiers of the broker check. */
class RabbitManagementConfigTest {
    private final ConfigLoader loader = new ConfigLoader();

    private CheckSpec.Rabbitmq broker(String yaml) {
        return (CheckSpec.Rabbitmq) loader.parse("checks:\n  rabbitmq: { user: rx, password: hunter2, " + yaml + " }\n",
                "test").checks().get(0);
    }

    @Test
    void isOffUnlessConfigured() {
        assertThat(broker("timeout: 2s").management()).isEmpty();
    }

    @Test
    void defaultsToTheLocalAlarmsOfTheLocalPluginWithinHalfTheBrokersTimeout() {
        assertThat(broker("timeout: 2s, management: {}").management()).contains(new ManagementSpec(
                URI.create("http://127.0.0.1:15672"), List.of("local-alarms"), Duration.ofSeconds(1)));
    }

    @Test
    void takesTheConfiguredChecks() {
        ManagementSpec m = broker("management: { url: 'https://mq.example:15671/rabbit/', timeout: 300ms, "
                + "health-checks: [ local-alarms, virtual-hosts, port-listener/5672, protocol-listener/amqp ] }")
                .management().orElseThrow();
        assertThat(m.healthChecks()).containsExactly("local-alarms", "virtual-hosts", "port-listener/5672",
                "protocol-listener/amqp");
        assertThat(m.timeout()).isEqualTo(Duration.ofMillis(300));
        assertThat(m.uri("local-alarms")).isEqualTo(URI.create("https://mq.example:15671/rabbit/api/health/checks/local-alarms"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario              | rabbitmq yaml                                                      | message
        credentials in the url  | 'management: { url: ''http://rx:hunter2@mq:15672'' }'              | test: checks.rabbitmq.management.url: 'http://***@mq' (expected: no credentials in the URL; the broker's user and password are used)
        not http                | 'management: { url: ''amqp://mq:15672'' }'                         | test: checks.rabbitmq.management.url: 'amqp://mq:15672' (expected: http://host:15672 or https://...)
        no check at all         | 'management: { health-checks: [] }'                                | test: checks.rabbitmq.management.health-checks: '[]' (expected: at least one, such as local-alarms)
        not a check name        | 'management: { health-checks: [ local-alarms, ''../queues'' ] }'    | test: checks.rabbitmq.management.health-checks[1]: '../queues' (expected: a health check of the management API, such as local-alarms or port-listener/5672)
        longer than the broker  | 'timeout: 1s, management: { timeout: 2s }'                         | test: checks.rabbitmq.management.timeout: '2s' (expected: at most the broker's timeout (1000ms))
        down on warn            | 'on-warn: down, management: {}'                                    | test: checks.rabbitmq.on-warn: 'down' (expected: a weight such as 75% when management is set: its health checks only lower the weight)
        unknown key             | 'management: { checks: [ local-alarms ] }'                         | test: unknown key 'checks.rabbitmq.management.checks' (expected one of: health-checks, timeout, url)
        """)
    void rejectsWithOneLineThatNeverShowsThePassword(String scenario, String yaml, String message) {
        assertThatThrownBy(() -> broker(yaml)).as(scenario).isInstanceOf(ConfigException.class).hasMessage(message)
                .message().doesNotContain("hunter2");
    }
}
