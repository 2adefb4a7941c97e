package io.rxhealth.weighting.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DurationsTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            # text        | millis
            500ms         | 500
            0s            | 0
            2s            | 2000
            5m            | 300000
            1h            | 3600000
            "  30s  "     | 30000
            5 m           | 300000
            1H            | 3600000
            250MS         | 250
            999999999ms   | 999999999
            """)
    void readsADurationInAnyOfTheFourUnits(String text, long millis) {
        assertEquals(Duration.ofMillis(millis), Durations.parse(text));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', nullValues = "<null>", textBlock = """
            # text                    | message
            2 seconds                 | '2 seconds' (expected: a duration such as 500ms, 2s, 5m or 1h)
            1d                        | '1d' (expected: a duration such as 500ms, 2s, 5m or 1h)
            1.5s                      | '1.5s' (expected: a duration such as 500ms, 2s, 5m or 1h)
            -1s                       | '-1s' (expected: a duration such as 500ms, 2s, 5m or 1h)
            30                        | '30' (expected: a duration such as 500ms, 2s, 5m or 1h)
            ms                        | 'ms' (expected: a duration such as 500ms, 2s, 5m or 1h)
            ""                        | '' (expected: a duration such as 500ms, 2s, 5m or 1h)
            <null>                    | null (expected: a duration such as 500ms, 2s, 5m or 1h)
            999999999999999999h       | '999999999999999999h' (expected: a duration such as 500ms, 2s, 5m or 1h)
            9999999999999999999ms     | '9999999999999999999ms' (expected: a duration such as 500ms, 2s, 5m or 1h)
            """)
    void refusesAnythingElseInOneLineNamingTheValue(String text, String message) {
        UnitException e = assertThrows(UnitException.class, () -> Durations.parse(text));
        assertEquals(message, e.getMessage());
        assertEquals(text, e.value());
        assertEquals(Durations.EXPECTED, e.expected());
    }

    @ParameterizedTest(name = "{0} ms")
    @CsvSource(delimiter = '|', textBlock = """
            # millis   | text
            0          | 0s
            500        | 500ms
            1500       | 1500ms
            2000       | 2s
            60000      | 1m
            90000      | 90s
            3600000    | 1h
            5400000    | 90m
            """)
    void writesTheShortestExactFormAndReadsItBack(long millis, String text) {
        assertEquals(text, Durations.format(Duration.ofMillis(millis)));
        assertEquals(Duration.ofMillis(millis), Durations.parse(text));
    }
}
