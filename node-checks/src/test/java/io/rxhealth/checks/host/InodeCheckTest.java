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

class InodeCheckTest {
    private static final Thresholds LIMITS = new Thresholds(0.75, 0.875);

    private static InodeCheck check(String path, String mount, long totalInodes, long freeInodes) {
        return new InodeCheck(Path.of(path),
                () -> new FileSystemReadings.Usage(mount, 1 << 20, 1 << 19, 1 << 19, totalInodes, freeInodes),
                LIMITS);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario          | total | free | expected | detail
        only the root inode | 1024  | 1023 | OK       | inode /var 0.1% used (warn 75%, crit 87.5%)
        just below warn     | 1024  | 257  | OK       | inode /var 74.9% used (warn 75%, crit 87.5%)
        at warn             | 1024  | 256  | WARN     | inode /var 75.0% used (warn 75%, crit 87.5%)
        just below crit     | 1024  | 129  | WARN     | inode /var 87.4% used (warn 75%, crit 87.5%)
        at crit             | 1024  | 128  | CRIT     | inode /var 87.5% used (warn 75%, crit 87.5%)
        none left           | 1024  | 0    | CRIT     | inode /var 100.0% used (warn 75%, crit 87.5%)
        """)
    void comparesUsedInodeFractionWithLimits(String scenario, long total, long free, Level expected,
                                             String detail) throws Exception {
        var result = check("/var", "/var", total, free).run();
        assertEquals(expected, result.level(), scenario);
        assertEquals(detail, result.detail(), scenario);
        assertEquals("inode:/var", result.check());
    }

    @Test
    void throwsOnAFileSystemWithoutInodeCount() {
        var e = assertThrows(IllegalStateException.class, check("/srv/btrfs", "/srv/btrfs", 0, 0)::run);
        assertEquals("inode:/srv/btrfs: file system at /srv/btrfs reports 0 inodes"
                + " (expected: > 0; it has no inode limit to check)", e.getMessage());
    }

    @Test
    void throwsWhenFreeExceedsTotal() {
        var e = assertThrows(IllegalStateException.class, check("/var", "/", 10, 11)::run);
        assertEquals("inode:/var: file system at / reports 11 free of 10 inodes (expected: 0 <= free <= total)",
                e.getMessage());
    }

    @Test
    void namesTheMountWhenThePathLiesBelowIt() throws Exception {
        assertEquals("inode /var/log on / 50.0% used (warn 75%, crit 87.5%)",
                check("/var/log", "/", 1024, 512).run().detail());
    }

    @Test
    void propagatesAMissingPathInsteadOfReportingALevel() {
        var missing = new NoSuchFileException("/nope");
        var check = new InodeCheck(Path.of("/nope"), () -> {
            throw missing;
        }, LIMITS);
        assertSame(missing, assertThrows(NoSuchFileException.class, check::run));
    }
}
