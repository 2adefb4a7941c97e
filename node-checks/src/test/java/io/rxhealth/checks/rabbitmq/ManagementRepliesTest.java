package io.rxhealth.checks.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.checks.http.Finding;
import io.rxhealth.weighting.Level;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ManagementRepliesTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
        # scenario          | check                | status | body                                                                                                                 | level | detail
        healthy             | local-alarms         | 200    | `{"status":"ok"}`                                                                                                    | OK    | local-alarms
        memory alarm        | local-alarms         | 503    | `{"status":"failed","reason":"There are alarms in effect on the node","alarms":[{"node":"rabbit@a","resource":"memory"}]}` | WARN  | management local-alarms: There are alarms in effect on the node (memory)
        two alarms, once each | alarms             | 503    | `{"status":"failed","reason":"There are alarms in effect in the cluster","alarms":[{"resource":"disk"},{"resource":"memory"},{"resource":"disk"}]}` | WARN | management alarms: There are alarms in effect in the cluster (disk, memory)
        no listener         | protocol-listener/mqtt | 503  | `{"status":"failed","reason":"No active listener","missing":"mqtt","protocols":["amqp","clustering","http"]}`        | WARN  | management protocol-listener/mqtt: No active listener
        escaped reason      | virtual-hosts        | 503    | `{"status":"failed","reason":"Some virtual hosts are down: \\"rx\\""}`                                               | WARN  | management virtual-hosts: Some virtual hosts are down: "rx"
        503 without a body  | local-alarms         | 503    | ``                                                                                                                   | WARN  | management local-alarms: failed
        no monitoring tag   | local-alarms         | 401    | `{"error":"not_authorised"}`                                                                                         | WARN  | management API refused user rx (401; it needs the monitoring tag)
        forbidden           | local-alarms         | 403    | ``                                                                                                                   | WARN  | management API refused user rx (403; it needs the monitoring tag)
        unknown check       | ready-to-serve-clients | 404  | `{"error":"Object Not Found"}`                                                                                       | WARN  | management API has no health check ready-to-serve-clients (404)
        server error        | local-alarms         | 500    | `oops`                                                                                                               | WARN  | management local-alarms: HTTP 500
        """)
    void wordsAnAnswer(String scenario, String check, int status, String body, Level level, String detail) {
        assertThat(ManagementReplies.answer(check, status, body, "rx")).as(scenario).isEqualTo(new Finding(level, detail));
    }

    @Test
    void wordsARequestWithoutAnAnswer() {
        Duration t = Duration.ofMillis(500);
        assertThat(ManagementReplies.failure("local-alarms", new CompletionException(new HttpTimeoutException("t")),
                "mq:15672", t).detail()).isEqualTo("management local-alarms: no answer within 500 ms from mq:15672");
        assertThat(ManagementReplies.failure("local-alarms", new HttpConnectTimeoutException("t"), "mq:15672", t)
                .detail()).isEqualTo("management local-alarms: no answer within 500 ms from mq:15672");
        assertThat(ManagementReplies.failure("local-alarms", new TimeoutException(), "mq:15672", t).level())
                .isEqualTo(Level.WARN);
        assertThat(ManagementReplies.failure("local-alarms", new CompletionException(new ConnectException()),
                "mq:15672", t).detail()).isEqualTo("management API refused the connection (mq:15672)");
        assertThat(ManagementReplies.failure("local-alarms", new java.io.IOException("reset"), "mq:15672", t)
                .detail()).isEqualTo("management local-alarms: connection to mq:15672 failed");
    }

    @Test
    void foldsTheHealthyChecksIntoOneLine() {
        assertThat(ManagementReplies.fold(List.of(new Finding(Level.OK, "local-alarms"),
                new Finding(Level.WARN, "management virtual-hosts: down"), new Finding(Level.OK, "port-listener/5672"))))
                .containsExactly(new Finding(Level.OK, "management local-alarms, port-listener/5672 ok"),
                        new Finding(Level.WARN, "management virtual-hosts: down"));
    }
}
