package io.rxhealth.agent.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A duration in the agent's JSON is a number of milliseconds, exact to the nanosecond. */
class DurationJsonTest {
    @ParameterizedTest(name = "{0} ns")
    @CsvSource(delimiter = '|', textBlock = """
            # nanos          | json
            0                | 0
            12000000         | 12
            5300000          | 5.3
            1                | 0.000001
            250500           | 0.2505
            3600000000000    | 3600000
            """)
    void writesMillisecondsAsANumber(long nanos, String json) throws IOException {
        assertEquals("{\"took\":" + json + "}", Json.json().asString(Map.of("took", Duration.ofNanos(nanos))));
    }
}
