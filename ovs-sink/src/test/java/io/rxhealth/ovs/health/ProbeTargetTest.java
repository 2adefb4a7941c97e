package io.rxhealth.ovs.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.ovs.config.ProbeKind;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProbeTargetTest {
    private static ProbeTarget target(ProbeKind kind) {
        return new ProbeTarget("10.20.0.2:8080", new InetSocketAddress("10.20.0.2", 8081),
                SourceAddress.any(), kind, "/healthz");
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiter = '|', textBlock = """
        # status line                    | passed | detail
        HTTP/1.1 200 OK                  | true   | HTTP 200
        HTTP/1.0 204 No Content          | true   | HTTP 204
        HTTP/1.1 299                     | true   | HTTP 299
        HTTP/1.1 199 Weird               | false  | HTTP 199
        HTTP/1.1 302 Found               | false  | HTTP 302
        HTTP/1.1 503 Service Unavailable | false  | HTTP 503
        HTTP/2 200                       | true   | HTTP 200
        ''                               | false  | not an HTTP status line: ''
        SSH-2.0-OpenSSH                  | false  | not an HTTP status line: 'SSH-2.0-OpenSSH'
        HTTP/1.1 2000 OK                 | false  | not an HTTP status line: 'HTTP/1.1 2000 OK'
        HTTP/1.1 OK 200                  | false  | not an HTTP status line: 'HTTP/1.1 OK 200'
        http/1.1 200 OK                  | false  | not an HTTP status line: 'http/1.1 200 OK'
        HTTP/1.1 500 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx | false | HTTP 500
        GARBAGE-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx  | false | not an HTTP status line: 'GARBAGE-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'
        """)
    void judgesAnHttpStatusLine(String line, boolean passed, String detail) {
        assertThat(target(ProbeKind.HTTP).judge(line)).isEqualTo(new ProbeResult(passed, detail));
    }

    @Test
    void sendsAnHttp10GetWithTheHostAndCloses() {
        assertThat(new String(target(ProbeKind.HTTP).request(), StandardCharsets.US_ASCII)).isEqualTo(
                "GET /healthz HTTP/1.0\r\nHost: 10.20.0.2:8081\r\nUser-Agent: rx-health-lbd\r\nConnection: close\r\n\r\n");
        assertThat(target(ProbeKind.HTTP).readsLine()).isTrue();
    }

    @Test
    void aTcpProbeSendsNothingAndPassesOnceConnected() {
        assertThat(target(ProbeKind.TCP).request()).isEmpty();
        assertThat(target(ProbeKind.TCP).readsLine()).isFalse();
        assertThat(target(ProbeKind.TCP).judge("")).isEqualTo(ProbeResult.pass("tcp connect"));
    }
}
