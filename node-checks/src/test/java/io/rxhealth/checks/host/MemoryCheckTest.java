package io.rxhealth.checks.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.rxhealth.weighting.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MemoryCheckTest {
    private static final Thresholds LIMITS = new Thresholds(0.75, 0.875);

    private static MemoryCheck check(long total, long available) {
        return new MemoryCheck(() -> new MemoryReadings.Memory(total, available), LIMITS);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario           | total | available | expected | detail
        all available        | 1024  | 1024      | OK       | memory 0.0% used (warn 75%, crit 87.5%)
        just below warn      | 1024  | 257       | OK       | memory 74.9% used (warn 75%, crit 87.5%)
        at warn              | 1024  | 256       | WARN     | memory 75.0% used (warn 75%, crit 87.5%)
        just below crit      | 1024  | 129       | WARN     | memory 87.4% used (warn 75%, crit 87.5%)
        at crit              | 1024  | 128       | CRIT     | memory 87.5% used (warn 75%, crit 87.5%)
        nothing available    | 1024  | 0         | CRIT     | memory 100.0% used (warn 75%, crit 87.5%)
        """)
    void comparesUsedFractionWithLimits(String scenario, long total, long available, Level expected,
                                        String detail) throws Exception {
        var result = check(total, available).run();
        assertEquals(expected, result.level(), scenario);
        assertEquals(detail, result.detail(), scenario);
        assertEquals("memory", result.check());
    }

    @Test
    void throwsWhenTotalIsZero() {
        var e = assertThrows(IllegalStateException.class, check(0, 0)::run);
        assertEquals("memory: total 0 bytes (expected: > 0)", e.getMessage());
    }

    @Test
    void throwsWhenAvailableIsNegative() {
        var e = assertThrows(IllegalStateException.class, check(1024, -1)::run);
        assertEquals("memory: available -1 bytes (expected: >= 0)", e.getMessage());
    }
}
