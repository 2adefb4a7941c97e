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
}
