package io.rxhealth.checks.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FormatTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # fraction | percent | limit
        0          | 0.0%    | 0%
        0.8        | 80.0%   | 80%
        0.855      | 85.5%   | 85.5%
        0.91234    | 91.2%   | 91.2%
        0.99999    | 100.0%  | 100%
        1          | 100.0%  | 100%
        """)
    void formatsFractionsAsPercent(double fraction, String percent, String limit) {
        assertEquals(percent, Format.percent(fraction));
        assertEquals(limit, Format.limit(fraction));
    }

    @Test
    void formatsLimitsOfThresholds() {
        assertEquals("(warn 80%, crit 90%)", Format.limits(new Thresholds(0.8, 0.9)));
    }
}
