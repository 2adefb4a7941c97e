package io.rxhealth.checks.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MountPointsTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                      | path              | mounts (space separated)   | expected
        root holds everything           | /var/log          | /                          | /
        deeper mount wins               | /var/log          | / /var                     | /var
        order does not matter           | /var/log          | /var /                     | /var
        exact mount point               | /var              | / /var /var/log            | /var
        deepest of three                | /var/log/app      | / /var /var/log            | /var/log
        whole components only           | /variable/x       | / /var                     | /
        sibling is not a prefix         | /data             | /data2 /                   | /
        no mount holds it               | /srv              | /var /home                 | none
        no mounts at all                | /srv              | ''                         | none
        relative mount is ignored       | /srv              | srv /                      | /
        """)
    void picksLongestWholeComponentPrefix(String scenario, String path, String mounts, String expected) {
        List<String> list = mounts.isBlank() ? List.of() : Arrays.asList(mounts.split(" "));
        String found = MountPoints.longestPrefix(Path.of(path), list, Function.identity()).orElse("none");
        assertEquals(expected, found, scenario);
    }

    @Test
    void laterMountOnTheSamePointHidesTheEarlierOne() {
        record Entry(String mount, String device) {
        }
        var entries = List.of(new Entry("/", "vda"), new Entry("/data", "old"), new Entry("/data", "new"));
        assertEquals("new", MountPoints.longestPrefix(Path.of("/data/x"), entries, Entry::mount)
                .orElseThrow().device());
    }
}
