package io.rxhealth.agent.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** The CLI's contract: --help everywhere, exit codes apart from check's verdicts. */
class AgentCliTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        // No test here runs the agent: "run" is asked only for its help.
        CommandLine cli = AgentCli.commandLine(config -> {
            throw new AssertionError("the agent was started");
        });
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "run", "status", "check", "drain", "maint", "config", "config validate", "history"})
    void everyCommandTakesHelp(String command) {
        String[] args = (command.isEmpty() ? "--help" : command + " --help").split(" ");
        assertThat(run(args)).as(err.toString()).isZero();
        assertThat(out.toString()).contains("Usage: rx-health-agent");
    }

    @Test
    void versionNamesTheBuildTheCommitAndTheRuntime() {
        assertThat(run("--version")).as(err.toString()).isZero();
        String[] lines = out.toString().strip().split("\n");
        assertThat(lines).hasSize(3);
        assertThat(lines[0]).matches("rx-health-agent \\d+\\.\\d+\\.\\d+.*");
        // The build stamps the commit from git; a build outside a checkout says "unknown".
        assertThat(lines[1]).matches("commit ([0-9a-f]{12}|unknown)");
        assertThat(lines[2]).startsWith("java " + System.getProperty("java.version") + " (");
    }

    @ParameterizedTest
    @ValueSource(strings = {"-c", "--config"})
    void validateRefusesWhatRunWouldTripOverInOneLine(String option, @TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("agent.yaml"), "listen: { address: agent.example }\n");
        assertThat(run("config", "validate", option, bad.toString())).isEqualTo(AgentCli.CONFIG);
        assertThat(err.toString()).isEqualTo("rx-health-agent: " + bad + ": listen.address: 'agent.example' "
                + "(expected: an IP address of this host such as 0.0.0.0, 127.0.0.1 or ::)" + System.lineSeparator());
    }

    @Test
    void validateSaysTheExitCodeItReallyUses() {
        assertThat(run("config", "validate", "--help")).isZero();
        assertThat(out.toString()).contains("exit " + AgentCli.CONFIG + " (config error)");
    }

    @Test
    void usageErrorsAreNotVerdictCodes() {
        assertThat(run("check", "--no-such-option")).isEqualTo(AgentCli.USAGE);
    }

    @ParameterizedTest
    @CsvSource({"check", "config validate"})
    void configErrorsAreNotVerdictCodesAndSayWhatIsWrongInOneLine(String command, @TempDir Path dir) throws Exception {
        Path bad = dir.resolve("agent.yaml");
        Files.writeString(bad, "interval: nonsense\n");
        String[] args = (command + " --config " + bad).split(" ");
        assertThat(run(args)).isEqualTo(AgentCli.CONFIG);
        assertThat(err.toString().strip()).startsWith("rx-health-agent: " + bad + ": interval").doesNotContain("\n")
                .doesNotContain("Exception");
        assertThat(run("check", "--config", dir.resolve("missing.yaml").toString())).isEqualTo(AgentCli.CONFIG);
    }

    /** The verdict codes, on this host's root file system (its use lies between 2% and 99%). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # verdict       | the disk check of /                              | drain marker | exit
        full weight     | warn: 99%, crit: 100%                            | false        | 0
        reduced weight  | warn: 1%, crit: 100%, on-warn: 50%               | false        | 1
        down            | warn: 1%, crit: 2%, on-crit: down                | false        | 2
        drain           | warn: 99%, crit: 100%                            | true         | 3
        """)
    void checkExitsByVerdict(String verdict, String disk, boolean drain, int exit, @TempDir Path dir)
            throws Exception {
        Path state = Files.createDirectory(dir.resolve("state"));
        if (drain) {
            Files.writeString(state.resolve("drain"), "deploy 42\n");
        }
        Path config = Files.writeString(dir.resolve("agent.yaml"), """
                state-dir: %s
                checks:
                  disk: [ { path: /, %s } ]
                """.formatted(state, disk));
        assertThat(run("check", "-c", config.toString())).as("%s: %s", verdict, out).isEqualTo(exit);
        assertThat(out.toString()).contains("verdict: ");
    }
}
