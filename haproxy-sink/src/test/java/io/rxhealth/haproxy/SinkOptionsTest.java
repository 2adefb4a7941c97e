package io.rxhealth.haproxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SinkOptionsTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario           | connections | timeout ms | inbound | backlog | threads | message
        no connections       | 0           | 2000       | 4096    | 1024    | 1       | maxConnections: 0 (expected: > 0)
        zero timeout         | 256         | 0          | 4096    | 1024    | 1       | connectionTimeout: PT0S (expected: > 0)
        negative timeout     | 256         | -1         | 4096    | 1024    | 1       | connectionTimeout: PT-0.001S (expected: > 0)
        no inbound           | 256         | 2000       | 0       | 1024    | 1       | maxInboundBytes: 0 (expected: > 0)
        no backlog           | 256         | 2000       | 4096    | -1      | 1       | backlog: -1 (expected: > 0)
        no threads           | 256         | 2000       | 4096    | 1024    | 0       | threads: 0 (expected: > 0)
        """)
    void rejectsNonsense(String scenario, int connections, long timeoutMs, int inbound, int backlog,
                         int threads, String message) {
        assertThatThrownBy(() -> new SinkOptions(connections, Duration.ofMillis(timeoutMs), inbound,
                backlog, threads, 32, Duration.ofMillis(500), SourceAllowList.ANY))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @org.junit.jupiter.api.Test
    void rejectsNoShareAndNoLinger() {
        assertThatThrownBy(() -> SinkOptions.defaults().withMaxPerSource(0))
                .hasMessage("maxPerSource: 0 (expected: > 0)");
        assertThatThrownBy(() -> SinkOptions.defaults().withLinger(Duration.ZERO))
                .hasMessage("linger: PT0S (expected: > 0)");
    }

    @org.junit.jupiter.api.Test
    void defaultsAreTheDocumentedOnes() {
        assertThat(SinkOptions.defaults())
                .isEqualTo(new SinkOptions(256, Duration.ofSeconds(2), 4096, 1024, 1, 32, Duration.ofMillis(500),
                        SourceAllowList.ANY));
    }
}
