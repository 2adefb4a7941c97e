package io.rxhealth.ovs.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BuildInfoTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario              | version            | revision       | expected version | expected revision
        stamped                 | 0.1.0-SNAPSHOT     | 0123456789ab   | 0.1.0-SNAPSHOT   | 0123456789ab
        left unfiltered         | ${project.version} | ${rev}         | unknown          | unknown
        blank                   | '  '               | ''             | unknown          | unknown
        """)
    void readsWhatTheBuildStampedAndUnknownForTheRest(String scenario, String version, String revision,
                                                      String expectedVersion, String expectedRevision) {
        Properties stamped = new Properties();
        stamped.setProperty("version", version == null ? "" : version);
        stamped.setProperty("revision", revision == null ? "" : revision);

        assertThat(BuildInfo.of(stamped, "17.0.13")).isEqualTo(new BuildInfo(expectedVersion, expectedRevision, "17.0.13"));
    }

    @org.junit.jupiter.api.Test
    void theBuildStampsThisModule() {
        BuildInfo current = BuildInfo.current();

        assertThat(current.version()).isNotEqualTo(BuildInfo.UNKNOWN);
        assertThat(current.java()).isEqualTo(System.getProperty("java.version"));
    }
}
