package io.rxhealth.checks.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EndpointSpecTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    @Test
    void defaultsToStatus200SystemTrustAndNoBodyOrHost() {
        var spec = EndpointSpec.of("storage", "http://127.0.0.1:8080/storage/health", TIMEOUT);
        assertThat(spec.expectedStatus()).containsExactly(200);
        assertThat(spec.bodyContains()).isEmpty();
        assertThat(spec.host()).isEmpty();
        assertThat(spec.tls()).isEqualTo(Tls.system());
        assertThat(spec.timeout()).isEqualTo(TIMEOUT);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                  | url                                  | message
        ftp scheme                  | ftp://x                              | url: 'ftp://x' (expected: http:// or https://)
        no scheme, host as scheme   | localhost:8080/health                | url: 'localhost:8080/health' (expected: http:// or https://)
        no scheme, address          | 127.0.0.1:8080/health                | url: '127.0.0.1:8080/health' (expected: an http:// or https:// URL; Illegal character in scheme name at index 0)
        relative                    | /client/health                       | url: '/client/health' (expected: http:// or https://)
        no host                     | http:///health                       | url: 'http:///health' (expected: a host, e.g. http://127.0.0.1:8080/health)
        not a URI                   | http://host/a b                      | url: 'http://host/a b' (expected: an http:// or https:// URL; Illegal character in path at index 13)
        credentials are not echoed  | http://rx:secret@127.0.0.1/health    | url: user info in http://127.0.0.1 (expected: none; credentials do not belong in a health URL)
        """)
    void rejectsUrlsInOneLine(String scenario, String url, String message) {
        assertThatThrownBy(() -> EndpointSpec.of("x", url, TIMEOUT)).as(scenario)
                .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                   | field    | value                 | message
        blank name                   | name     | ' '                   | name: ' ' (expected: not blank)
        no expected status           | status   | ''                    | expectedStatus: [] (expected: at least one status code)
        status out of range          | status   | 200 700               | expectedStatus: 700 (expected: 100..599)
        status too low               | status   | 42                    | expectedStatus: 42 (expected: 100..599)
        empty body text              | body     | ''                    | bodyContains: '' (expected: absent or non-empty text)
        zero timeout                 | timeout  | PT0S                  | timeout: PT0S (expected: > 0)
        negative timeout             | timeout  | PT-1S                 | timeout: PT-1S (expected: > 0)
        host with a space            | host     | 'rx example'          | host: 'rx example' (expected: a host name or host:port)
        host with a path             | host     | rx.example/x          | host: 'rx.example/x' (expected: a host name or host:port)
        host with header injection   | host     | 'rx\\r\\nX-Evil: 1'   | host: 'rx\\r\\nX-Evil: 1' (expected: a host name or host:port)
        insecure on plain http       | tls      | insecure              | tls: insecure (expected: only with an https:// url)
        ca file on plain http        | tls      | /etc/rx/ca.pem        | tls: ca file /etc/rx/ca.pem (expected: only with an https:// url)
        """)
    void rejectsBadFieldsInOneLine(String scenario, String field, String value, String message) {
        var spec = EndpointSpec.of("storage", "http://127.0.0.1:8080/storage/health", TIMEOUT);
        assertThatThrownBy(() -> change(spec, field, value)).as(scenario)
                .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                 | host
        name                       | rx.example.test
        name and port              | rx.example.test:8443
        IPv4                       | 10.20.0.5
        IPv6 in brackets with port | '[fd00::5]:8080'
        """)
    void acceptsHostHeaders(String scenario, String host) {
        var spec = EndpointSpec.of("client", "https://127.0.0.1/client/health", TIMEOUT).withHost(host);
        assertThat(spec.host()).as(scenario).contains(host);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                  | expected | body text | status | body                 | mismatch
        expected status             | 200      | -         | 200    | ''                   | -
        unexpected 503              | 200      | -         | 503    | ''                   | 503 (expected 200)
        204 when 204 expected       | 204      | -         | 204    | ''                   | -
        200 when only 204 expected  | 204      | -         | 200    | ''                   | 200 (expected 204)
        several, sorted in message  | 204 200  | -         | 500    | ''                   | 500 (expected 200, 204)
        body contains the text      | 200      | Healthy   | 200    | '{"status":"Healthy"}' | -
        body lacks the text         | 200      | Healthy   | 200    | '{"status":"Degraded"}' | 200, body lacks 'Healthy'
        status wins over body       | 200      | Healthy   | 500    | Healthy              | 500 (expected 200)
        """)
    void judgesStatusThenBody(String scenario, String expected, String bodyText, int status, String body,
                              String mismatch) {
        var spec = EndpointSpec.of("storage", "http://127.0.0.1:8080/storage/health", TIMEOUT)
                .withExpectedStatus(java.util.Arrays.stream(expected.split(" ")).map(Integer::valueOf).toArray(Integer[]::new));
        if (!bodyText.equals("-")) {
            spec = spec.withBodyContains(bodyText);
        }
        assertThat(spec.mismatch(status, body).orElse("-")).as(scenario).isEqualTo(mismatch);
    }

    @Test
    void tlsFromConfigTakesAtMostOneOfCaFileAndInsecure() {
        assertThat(Tls.of(Optional.empty(), false)).isEqualTo(Tls.system());
        assertThat(Tls.of(Optional.empty(), true)).isEqualTo(Tls.insecure());
        assertThat(Tls.of(Optional.of(Path.of("/etc/rx/ca.pem")), false)).isEqualTo(Tls.caFile(Path.of("/etc/rx/ca.pem")));
        assertThatThrownBy(() -> Tls.of(Optional.of(Path.of("/etc/rx/ca.pem")), true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tls: ca file /etc/rx/ca.pem and insecure (expected: at most one of them)");
    }

    private static EndpointSpec change(EndpointSpec spec, String field, String value) {
        return switch (field) {
            case "name" -> new EndpointSpec(value, spec.url(), spec.expectedStatus(), spec.bodyContains(),
                    spec.timeout(), spec.host(), spec.tls());
            case "status" -> spec.withExpectedStatus(value.isEmpty() ? new Integer[0]
                    : java.util.Arrays.stream(value.split(" ")).map(Integer::valueOf).toArray(Integer[]::new));
            case "body" -> spec.withBodyContains(value);
            case "timeout" -> new EndpointSpec(spec.name(), spec.url(), Set.of(200), Optional.empty(),
                    Duration.parse(value), Optional.empty(), spec.tls());
            case "host" -> spec.withHost(value.replace("\\r", "\r").replace("\\n", "\n"));
            case "tls" -> spec.withTls(value.equals("insecure") ? Tls.insecure() : Tls.caFile(Path.of(value)));
            default -> throw new IllegalArgumentException("field: " + field + " (expected: a column of the table)");
        };
    }
}
