package io.rxhealth.checks.docker;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DockerJavaEngineTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # docker-java message                                            | reason
        'Status 500: {"message":"daemon is shutting down"}'              | daemon is shutting down
        'Status 500: {"cause":"x", "message" : "a \\"quoted\\" name"}'   | a "quoted" name
        'Status 502: upstream down'                                      | upstream down
        'Status 500: '                                                   | ''
        'no status prefix'                                               | no status prefix
        """)
    void keepsTheEnginesOwnMessage(String message, String reason) {
        assertThat(DockerJavaEngine.engineMessage(message)).isEqualTo(reason);
    }
}
