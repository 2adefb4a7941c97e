package io.rxhealth.agent.build;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What the build stamped, read as operators see it; what it did not stamp reads {@code unknown}. */
class BuildInfoTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "absent", textBlock = """
        # case                  | version stamped     | revision stamped | version        | revision
        a git checkout          | 0.1.0               | 5c9f3c3a1b2d     | 0.1.0          | 5c9f3c3a1b2d
        a source tarball        | 0.1.0               | unknown          | 0.1.0          | unknown
        nothing stamped         | absent              | absent           | unknown        | unknown
        left unfiltered         | '${project.version}' | ' '             | unknown        | unknown
        """)
    void readsTheStampedDetails(String scenario, String version, String revision, String expectedVersion,
                                String expectedRevision) {
        Properties stamped = new Properties();
        if (version != null) {
            stamped.setProperty("version", version);
        }
        if (revision != null) {
            stamped.setProperty("revision", revision);
        }
        BuildInfo info = BuildInfo.of(stamped, "17.0.13", "Debian OpenJDK 64-Bit Server VM");
        assertEquals(expectedVersion, info.version(), scenario);
        assertEquals(expectedRevision, info.revision(), scenario);
        assertEquals("java 17.0.13 (Debian OpenJDK 64-Bit Server VM)", info.versionLines()[2], scenario);
    }
}
