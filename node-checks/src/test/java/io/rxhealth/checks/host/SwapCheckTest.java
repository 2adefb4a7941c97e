package io.rxhealth.checks.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SwapCheckTest {
    private static final Thresholds LIMITS = new Thresholds(0.75, 0.875);

    private static SwapCheck check(long total, long used) {
        return new SwapCheck(() -> new SwapReadings.Swap(total, used), LIMITS);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario         | total | used | expected | detail
        unused             | 1024  | 0    | OK       | swap 0.0% used (warn 75%, crit 87.5%)
        just below warn    | 1024  | 767  | OK       | swap 74.9% used (warn 75%, crit 87.5%)
        at warn            | 1024  | 768  | WARN     | swap 75.0% used (warn 75%, crit 87.5%)
        just below crit    | 1024  | 895  | WARN     | swap 87.4% used (warn 75%, crit 87.5%)
        at crit            | 1024  | 896  | CRIT     | swap 87.5% used (warn 75%, crit 87.5%)
        full               | 1024  | 1024 | CRIT     | swap 100.0% used (warn 75%, crit 87.5%)
        """)
    void comparesUsedFractionWithLimits(String scenario, long total, long used, Level expected, String detail) throws Exception {
        var result = check(total, used).run();
        assertEquals(expected, result.level(), scenario);
        assertEquals(detail, result.detail(), scenario);
    }

    @Test
    void isOkWithoutSwap() throws Exception {
        assertEquals(CheckResult.ok("swap", "no swap"), check(0, 0).run());
    }

    @Test
    void throwsOnNegativeCounts() {
        var e = assertThrows(IllegalStateException.class, check(1024, -1)::run);
        assertEquals("swap: total 1024, used -1 bytes (expected: >= 0)", e.getMessage());
    }
}
