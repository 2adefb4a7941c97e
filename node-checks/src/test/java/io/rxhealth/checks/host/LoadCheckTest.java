package io.rxhealth.checks.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.rxhealth.weighting.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LoadCheckTest {
    private static final Thresholds LIMITS = new Thresholds(1.5, 3.0);

    private static LoadCheck check(double oneMinute, int cores) {
        return new LoadCheck(() -> new LoadReadings.Load(oneMinute, cores), LIMITS);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario             | load | cores | expected | detail
        idle                   | 0    | 2     | OK       | load 0.00 per core (warn 1.50, crit 3.00)
        just below warn        | 2.98 | 2     | OK       | load 1.49 per core (warn 1.50, crit 3.00)
        at warn                | 3.0  | 2     | WARN     | load 1.50 per core (warn 1.50, crit 3.00)
        just below crit        | 5.98 | 2     | WARN     | load 2.99 per core (warn 1.50, crit 3.00)
        at crit                | 6.0  | 2     | CRIT     | load 3.00 per core (warn 1.50, crit 3.00)
        over crit              | 6.2  | 2     | CRIT     | load 3.10 per core (warn 1.50, crit 3.00)
        same load on more cores| 6.2  | 16    | OK       | load 0.39 per core (warn 1.50, crit 3.00)
        """)
    void comparesLoadPerCoreWithLimits(String scenario, double load, int cores, Level expected, String detail) throws Exception {
        var result = check(load, cores).run();
        assertEquals(expected, result.level(), scenario);
        assertEquals(detail, result.detail(), scenario);
        assertEquals("load", result.check());
    }

    @Test
    void throwsWhenThePlatformHasNoLoadAverage() {
        var e = assertThrows(IllegalStateException.class, check(-1, 2)::run);
        assertEquals("load: 1-minute average -1.0 (expected: >= 0; none on this platform?)", e.getMessage());
    }

    @Test
    void throwsWithoutLogicalCores() {
        var e = assertThrows(IllegalStateException.class, check(1, 0)::run);
        assertEquals("load: logical cores 0 (expected: >= 1)", e.getMessage());
    }
}
