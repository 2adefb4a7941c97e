package io.rxhealth.checks.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.rxhealth.weighting.Level;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DiskCheckTest {
    private static final Thresholds LIMITS = new Thresholds(0.75, 0.875);

    private static DiskCheck check(String path, String mount, long total, long free, long usable) {
        return new DiskCheck(Path.of(path),
                () -> new FileSystemReadings.Usage(mount, total, free, usable, 1000, 500), LIMITS);
    }

    // 100 blocks reserved for root in every row: free = usable + 100.
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario          | total | free | usable | expected | detail
        empty               | 1124  | 1124 | 1024   | OK       | disk /var 0.0% used (warn 75%, crit 87.5%)
        just below warn     | 1124  | 357  | 257    | OK       | disk /var 74.9% used (warn 75%, crit 87.5%)
        at warn             | 1124  | 356  | 256    | WARN     | disk /var 75.0% used (warn 75%, crit 87.5%)
        just below crit     | 1124  | 229  | 129    | WARN     | disk /var 87.4% used (warn 75%, crit 87.5%)
        at crit             | 1124  | 228  | 128    | CRIT     | disk /var 87.5% used (warn 75%, crit 87.5%)
        only reserve left   | 1124  | 100  | 0      | CRIT     | disk /var 100.0% used (warn 75%, crit 87.5%)
        """)
    void comparesUsedFractionAsDfWithLimits(String scenario, long total, long free, long usable,
                                            Level expected, String detail) throws Exception {
        var result = check("/var", "/var", total, free, usable).run();
        assertEquals(expected, result.level(), scenario);
        assertEquals(detail, result.detail(), scenario);
        assertEquals("disk:/var", result.check());
    }

    @Test
    void reservedBlocksCountAsNeitherUsedNorAvailable() throws Exception {
        // df: used 900 / (900 + 50) = 94.7%; 1 - usable / total would say 95.0%.
        assertEquals("disk /data 94.7% used (warn 75%, crit 87.5%)",
                check("/data", "/data", 1000, 100, 50).run().detail());
    }

    @Test
    void namesTheMountWhenThePathLiesBelowIt() throws Exception {
        var result = check("/var/lib/app", "/var", 1024, 512, 512).run();
        assertEquals("disk:/var/lib/app", result.check());
        assertEquals("disk /var/lib/app on /var 50.0% used (warn 75%, crit 87.5%)", result.detail());
    }

    @Test
    void throwsWhenTheFileSystemReportsNoSpace() {
        var e = assertThrows(IllegalStateException.class, check("/proc", "/proc", 0, 0, 0)::run);
        assertEquals("disk:/proc: file system at /proc reports total 0, free 0, usable 0 bytes"
                + " (expected: 0 <= free <= total, total > 0)", e.getMessage());
    }

    @Test
    void throwsWhenFreeExceedsTotal() {
        assertThrows(IllegalStateException.class, check("/var", "/var", 100, 200, 100)::run);
    }

    @Test
    void propagatesAMissingPathInsteadOfReportingALevel() {
        var missing = new NoSuchFileException("/nope (expected: an existing path to check the file system of)");
        var check = new DiskCheck(Path.of("/nope"), () -> {
            throw missing;
        }, LIMITS);
        assertSame(missing, assertThrows(NoSuchFileException.class, check::run));
    }
}
