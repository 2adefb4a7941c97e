package io.rxhealth.checks.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.rxhealth.weighting.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ThresholdsTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                 | warn | crit | value     | expected
        zero is ok                 | 0.8  | 0.9  | 0         | OK
        just below warn            | 0.8  | 0.9  | 0.7999999 | OK
        at warn                    | 0.8  | 0.9  | 0.8       | WARN
        between                    | 0.8  | 0.9  | 0.85      | WARN
        just below crit            | 0.8  | 0.9  | 0.8999999 | WARN
        at crit                    | 0.8  | 0.9  | 0.9       | CRIT
        above crit                 | 0.8  | 0.9  | 1         | CRIT
        load above one             | 1.5  | 3.0  | 3.1       | CRIT
        warn equals crit skips warn| 0.9  | 0.9  | 0.9       | CRIT
        warn equals crit below     | 0.9  | 0.9  | 0.89      | OK
        zero warn warns at zero    | 0    | 0.5  | 0         | WARN
        zero crit is always crit   | 0    | 0    | 0         | CRIT
        """)
    void evaluatesValueAgainstLimits(String scenario, double warn, double crit, double value, Level expected) {
        assertEquals(expected, new Thresholds(warn, crit).evaluate(value), scenario);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario         | warn      | crit      | message
        negative warn      | -0.1      | 0.5       | 'warn: -0.1 (expected: a finite number >= 0)'
        NaN warn           | NaN       | 0.5       | 'warn: NaN (expected: a finite number >= 0)'
        infinite warn      | Infinity  | Infinity  | 'warn: Infinity (expected: a finite number >= 0)'
        crit below warn    | 0.9       | 0.8       | 'crit: 0.8 (expected: a finite number >= warn 0.9)'
        NaN crit           | 0.5       | NaN       | 'crit: NaN (expected: a finite number >= warn 0.5)'
        infinite crit      | 0.5       | Infinity  | 'crit: Infinity (expected: a finite number >= warn 0.5)'
        """)
    void rejectsInvalidLimitsInOneLine(String scenario, double warn, double crit, String message) {
        var e = assertThrows(IllegalArgumentException.class, () -> new Thresholds(warn, crit), scenario);
        assertEquals(message, e.getMessage(), scenario);
    }

    @Test
    void rejectsNaNValueRatherThanPassingIt() {
        var e = assertThrows(IllegalArgumentException.class, () -> new Thresholds(0.8, 0.9).evaluate(Double.NaN));
        assertEquals("value: NaN (expected: a number)", e.getMessage());
    }
}
