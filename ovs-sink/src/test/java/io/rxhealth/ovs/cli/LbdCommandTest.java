package io.rxhealth.ovs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.ovs.LbNodeMain;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every command of rx-health-lbd takes --help, as every command of rx-health-agent does. */
class LbdCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @ParameterizedTest
    @ValueSource(strings = {"", "run", "health", "slots", "drain", "enable", "neigh", "flows", "trace", "fdb", "conns",
            "config", "config validate"})
    void everyCommandTakesHelp(String command) {
        String[] args = (command.isEmpty() ? "--help" : command + " --help").split(" ");
        assertThat(LbNodeMain.commandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args))
                .as(err.toString()).isZero();
        assertThat(out.toString()).startsWith("Usage: rx-health-lbd" + (command.isEmpty() ? "" : " " + command));
    }
}
