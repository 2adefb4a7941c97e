package io.rxhealth.ovs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.ovs.LbNodeMain;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** config validate takes the file as run does (-c/--config, default /etc/rx-health/lbd.yaml) or as FILE. */
class ConfigValidateCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return LbNodeMain.commandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
    }

    @Test
    void versionSaysTheStampedVersionCommitAndJava() {
        assertThat(run("--version")).isZero();
        // The build stamps the version: never the literal of an earlier release in the code.
        assertThat(out.toString()).containsPattern("(?m)^rx-health-lbd [0-9]+\\.[0-9]+\\.[0-9]+")
                .containsPattern("(?m)^commit \\S+$").containsPattern("(?m)^java 17");
    }

    @Test
    void anEmptyFileIsOneLineNamingTheFile(@TempDir Path dir) throws Exception {
        Path empty = dir.resolve("lbd.yaml");
        Files.writeString(empty, "");
        assertThat(run("config", "validate", "-c", empty.toString())).isEqualTo(1);
        assertThat(err.toString().strip()).contains(empty.toString()).doesNotContain("\n").doesNotContain("Exception");
        assertThat(run("config", "validate", empty.toString())).isEqualTo(1);
    }

    @Test
    void runAndValidateShareTheConfigOptionAndItsDefault() {
        assertThat(run("run", "--help")).isZero();
        assertThat(out.toString()).contains("-c, --config=FILE", "/etc/rx-health/lbd.yaml");
        assertThat(run("config", "validate", "--help")).isZero();
        assertThat(out.toString()).contains("-c, --config=FILE");
    }

    @Test
    void warnsOfAMemberThatCouldNeverHoldASlotAndStillPasses(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("lbd.yaml");
        Files.writeString(file, """
            openflow: unix:/run/openvswitch/br-lb.mgmt
            pools:
              - id: 1
                name: web
                listener: 192.168.5.21:80
                slots: 3
                members:
                  - {address: 10.20.0.2, port: 8080, weight: 1}
                  - {address: 10.20.0.3, port: 8080, weight: 256}
                  - {address: 10.20.0.4, port: 8080, weight: 256}
            """);

        assertThat(run("config", "validate", file.toString())).isZero();
        assertThat(out.toString()).contains(": ok (1 pools, 3 members)");
        assertThat(err.toString()).isEqualTo(file + ": warning: pool web: member 10.20.0.2:8080 (weight 1) holds no"
                + " slot of 3 even with every member healthy: its share is below one slot\n");
    }

    @Test
    void aPoolWhereEveryMemberFitsGetsNoWarning(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("lbd.yaml");
        Files.writeString(file, """
            openflow: unix:/run/openvswitch/br-lb.mgmt
            pools:
              - id: 1
                name: web
                listener: 192.168.5.21:80
                members:
                  - {address: 10.20.0.2, port: 8080, weight: 1}
                  - {address: 10.20.0.3, port: 8080, weight: 256}
            """);

        assertThat(run("config", "validate", file.toString())).isZero();
        assertThat(err.toString()).isEmpty();
    }
}
