package io.rxhealth.checks.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import oshi.SystemInfo;

/** Wiring and argument checks of the factory; building checks reads nothing from the host. */
class HostChecksTest {
    private static final Thresholds FRACTIONS = new Thresholds(0.8, 0.9);

    private final HostChecks checks = new HostChecks(new SystemInfo());

    @Test
    void namesEveryCheck() {
        assertEquals("cpu", checks.cpu(FRACTIONS).name());
        assertEquals("load", checks.load(new Thresholds(1.5, 3)).name());
        assertEquals("memory", checks.memory(FRACTIONS).name());
        assertEquals("swap", checks.swap(FRACTIONS).name());
        assertEquals("disk:/var", checks.disk(Path.of("/var/"), FRACTIONS).name());
        assertEquals("inode:/var/log", checks.inode(Path.of("/var/./log"), FRACTIONS).name());
    }

    @Test
    void rejectsPercentagesWhereFractionsAreExpected() {
        var e = assertThrows(IllegalArgumentException.class, () -> checks.memory(new Thresholds(80, 90)));
        assertEquals("memory crit: 90.0 (expected: a fraction 0..1, e.g. 0.9 for 90%)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> checks.disk(Path.of("/var"), new Thresholds(0.8, 90)));
        assertEquals("disk:/var crit: 90.0 (expected: a fraction 0..1, e.g. 0.9 for 90%)", e.getMessage());
    }

    @Test
    void acceptsLoadLimitsAboveOne() {
        assertEquals("load", checks.load(new Thresholds(2, 4)).name());
    }

    @Test
    void rejectsRelativePaths() {
        var e = assertThrows(IllegalArgumentException.class, () -> checks.inode(Path.of("var"), FRACTIONS));
        assertEquals("inode path: var (expected: an absolute path)", e.getMessage());
    }
}
