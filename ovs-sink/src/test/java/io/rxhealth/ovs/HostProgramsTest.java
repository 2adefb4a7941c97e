package io.rxhealth.ovs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HostProgramsTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # program              | install
        sh                     | apt-get install -y dash
        ls                     | apt-get install -y coreutils
        """)
    void findsAnInstalledProgram(String program, String install) {
        Path found = Path.of(HostPrograms.require(program, install));

        assertThat(found.getFileName()).hasToString(program);
        assertThat(Files.isExecutable(found)).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # program              | install                                 | message
        rxh-no-ovs-vswitchd    | apt-get install -y openvswitch-switch   | rxh-no-ovs-vswitchd not found on PATH (install: apt-get install -y openvswitch-switch)
        rxh-no-haproxy         | apt-get install -y haproxy              | rxh-no-haproxy not found on PATH (install: apt-get install -y haproxy)
        """)
    void namesThePackageThatInstallsAMissingProgram(String program, String install, String message) {
        assertThatThrownBy(() -> HostPrograms.require(program, install))
                .isInstanceOf(IllegalStateException.class).hasMessage(message);
    }
}
