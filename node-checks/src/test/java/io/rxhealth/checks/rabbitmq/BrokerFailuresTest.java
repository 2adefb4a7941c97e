package io.rxhealth.checks.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AuthenticationFailureException;
import com.rabbitmq.client.PossibleAuthenticationFailureException;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class BrokerFailuresTest {
    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("login refused", new AuthenticationFailureException("ACCESS_REFUSED - Login was refused"),
                        "auth failed for user rx"),
                Arguments.of("closed in handshake", new PossibleAuthenticationFailureException(new EOFException()),
                        "auth failed for user rx"),
                Arguments.of("refused", new ConnectException("Connection refused"), "connection refused by mq:5672"),
                Arguments.of("tcp timeout", new SocketTimeoutException("connect timed out"),
                        "connect timeout after 500 ms (mq:5672)"),
                Arguments.of("handshake timeout", new TimeoutException(), "connect timeout after 500 ms (mq:5672)"),
                Arguments.of("wrapped refusal", new IOException("x", new ConnectException("Connection refused")),
                        "connection refused by mq:5672"),
                Arguments.of("closed socket", new EOFException(),
                        "broker closed the connection during the handshake (mq:5672)"),
                Arguments.of("anything else", new IOException("odd\nthing"), "cannot connect to mq:5672: odd thing"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void wordsAnOperatorReads(String scenario, Throwable error, String expected) {
        assertThat(BrokerFailures.connect(error, "mq:5672", "rx", Duration.ofMillis(2000)))
                .isEqualTo(expected).doesNotContain("Exception", "com.", "java.");
    }
}
