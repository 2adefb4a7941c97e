package io.rxhealth.checks.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.EOFException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.stream.Stream;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;
import org.postgresql.util.ServerErrorMessage;

class FailuresTest {
    private static final PostgresUrl URL = PostgresUrl.parse(
            "jdbc:postgresql://db1:5432,db2:5433/directum?targetServerType=primary");
    private static final Failures.Context CTX = new Failures.Context("rx", "directum", URL, Duration.ofMillis(1000));

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("wrong password", Stage.LOGIN, server("28P01",
                        "password authentication failed for user \"rx\""), "auth failed for user rx"),
                Arguments.of("pg_hba refuses", Stage.LOGIN, server("28000",
                        "no pg_hba.conf entry for host \"10.0.0.1\", user \"rx\""),
                        "auth failed for user rx (no pg_hba.conf entry allows it)"),
                Arguments.of("no database", Stage.LOGIN, server("3D000", "database \"directum\" does not exist"),
                        "database directum does not exist"),
                Arguments.of("starting up", Stage.LOGIN, server("57P03", "the database system is starting up"),
                        "server is starting up or shutting down"),
                Arguments.of("too many", Stage.LOGIN, server("53300", "sorry, too many clients already"),
                        "server has no connection slot left (too many connections)"),
                Arguments.of("refused", Stage.CONNECT, wrapped(new ConnectException("Connection refused")),
                        "connection refused by db1:5432, db2:5433"),
                Arguments.of("connect timeout", Stage.CONNECT, wrapped(new SocketTimeoutException("connect timed out")),
                        "connect timeout after 1000 ms"),
                Arguments.of("read timeout in login", Stage.LOGIN, wrapped(new SocketTimeoutException("Read timed out")),
                        "login timeout after 1000 ms (the server accepted the connection but did not answer)"),
                Arguments.of("driver login timeout", Stage.LOGIN,
                        new PSQLException("Connection attempt timed out.", PSQLState.CONNECTION_UNABLE_TO_CONNECT),
                        "login timeout after 1000 ms (the server accepted the connection but did not answer)"),
                Arguments.of("no primary", Stage.LOGIN, new PSQLException(
                        "Could not find a server with specified targetServerType: primary",
                        PSQLState.CONNECTION_UNABLE_TO_CONNECT), "no server of type primary among db1:5432, db2:5433"),
                Arguments.of("closed mid-query", Stage.QUERY, new PSQLException("An I/O error occurred",
                        PSQLState.CONNECTION_FAILURE, new EOFException()), "server closed the connection during query"),
                Arguments.of("tls", Stage.LOGIN, wrapped(new SSLHandshakeException("PKIX path building failed")),
                        "TLS failed: PKIX path building failed"),
                Arguments.of("unknown host", Stage.RESOLVE, new UnknownHostException("db1"), "cannot resolve host db1"),
                Arguments.of("query error", Stage.QUERY, server("42P01", "relation \"t\" does not exist"),
                        "query failed: relation \"t\" does not exist (SQLSTATE 42P01)"),
                Arguments.of("anything else", Stage.ROLE, new IllegalStateException("odd\nthing"),
                        "role failed: odd thing"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void wordsAnOperatorReads(String scenario, Stage stage, Throwable error, String expected) {
        String text = Failures.describe(stage, error, CTX);
        assertThat(text).isEqualTo(expected).doesNotContain("Exception", "org.", "java.");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stages")
    void deadlineNamesTheStage(Stage stage, String expected) {
        assertThat(Failures.timeout(stage, Duration.ofMillis(1500))).isEqualTo(expected);
    }

    static Stream<Arguments> stages() {
        return Stream.of(Arguments.of(Stage.CONNECT, "connect timeout after 1500 ms"),
                Arguments.of(Stage.QUERY, "query timeout after 1500 ms"),
                Arguments.of(Stage.ROLE, "role timeout after 1500 ms"),
                Arguments.of(Stage.LOGIN, "login timeout after 1500 ms (the server accepted the connection but did not answer)"));
    }

    private static PSQLException server(String state, String message) {
        return new PSQLException(new ServerErrorMessage("SFATAL\0VFATAL\0C" + state + "\0M" + message + "\0"));
    }

    private static PSQLException wrapped(Throwable cause) {
        return new PSQLException("The connection attempt failed.", PSQLState.CONNECTION_UNABLE_TO_CONNECT, cause);
    }
}
