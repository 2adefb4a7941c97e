package io.rxhealth.ovs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.ovs.LbNodeMain;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * config validate takes the file as run does (-c/--config, default /etc/rx-health/lbd.yaml) or as
 * FILE; the command line's exit codes and --version are the agent's.
 */
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
                .containsPattern("(?m)^commit \\S+$")
                .contains("java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + " ");
    }

    @Test
    void anEmptyFileIsOneLineNamingTheFile(@TempDir Path dir) throws Exception {
        Path empty = dir.resolve("lbd.yaml");
        Files.writeString(empty, "");
        assertThat(run("config", "validate", "-c", empty.toString())).isEqualTo(LbdCommand.CONFIG);
        assertThat(err.toString().strip()).isEqualTo(empty + ": empty (expected: a mapping with openflow and pools)");
        assertThat(run("config", "validate", empty.toString())).isEqualTo(LbdCommand.CONFIG);
    }

    @Test
    void usageErrorsAndConfigErrorsHaveTheAgentsCodesAndEveryHelpListsThem(@TempDir Path dir) {
        assertThat(run("slots", "--no-such-option")).isEqualTo(LbdCommand.USAGE);
        assertThat(run()).isEqualTo(LbdCommand.USAGE);
        assertThat(run("config")).isEqualTo(LbdCommand.USAGE);
        assertThat(run("config", "validate", dir.resolve("missing.yaml").toString())).isEqualTo(LbdCommand.CONFIG);
        for (String command : new String[] {"run", "slots", "drain", "config validate"}) {
            out.getBuffer().setLength(0);
            assertThat(run((command + " --help").split(" "))).isZero();
            assertThat(out.toString()).contains("Exit codes:", "64   usage error", "78   config error");
        }
    }

    @Test
    void theClientCommandsFindTheApiInTheConfigAsRunDoes(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("lbd.yaml"), "openflow: br-lb\napi: 127.0.0.1:1\n"
                + "pools: [{id: 1, name: web, listener: 10.0.0.1:80, members: [{address: 10.20.0.2, port: 8080}]}]\n");
        assertThat(run("slots", "-c", file.toString())).isEqualTo(LbdCommand.IO);
        assertThat(err.toString()).startsWith("rx-health-lbd: cannot reach the API at http://127.0.0.1:1 ");
        err.getBuffer().setLength(0);
        assertThat(run("health", "--config", dir.resolve("missing.yaml").toString())).isEqualTo(LbdCommand.CONFIG);
        assertThat(err.toString()).isEqualTo("rx-health-lbd: " + dir.resolve("missing.yaml")
                + ": no such file (expected: a readable YAML file)\n");
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
