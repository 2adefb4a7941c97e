package io.rxhealth.weighting.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PercentagesTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            # text      | fraction
            80%         | 0.8
            0%          | 0.0
            100%        | 1.0
            97.5%       | 0.975
            " 85 % "    | 0.85
            """)
    void readsAShareAsAFraction(String text, double fraction) {
        assertEquals(fraction, Percentages.parse(text), 1e-12);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', nullValues = "<null>", textBlock = """
            # text      | message
            80          | '80' (expected: a percentage such as 80%)
            0.8         | '0.8' (expected: a percentage such as 80%)
            -5%         | '-5%' (expected: a percentage such as 80%)
            .5%         | '.5%' (expected: a percentage such as 80%)
            <null>      | null (expected: a percentage such as 80%)
            100.5%      | '100.5%' (expected: a percentage from 0% to 100%)
            150%        | '150%' (expected: a percentage from 0% to 100%)
            """)
    void refusesAnythingElseInOneLineNamingTheValue(String text, String message) {
        UnitException e = assertThrows(UnitException.class, () -> Percentages.parse(text));
        assertEquals(message, e.getMessage());
    }
}
