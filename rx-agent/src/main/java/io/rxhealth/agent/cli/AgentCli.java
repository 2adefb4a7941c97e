package io.rxhealth.agent.cli;

import io.rxhealth.agent.build.BuildInfo;
import io.rxhealth.agent.config.ConfigException;
import java.io.IOException;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * The {@code rx-health-agent} command line. picocli gives subcommands, {@code --help} and
 * usage errors for free and is a single small jar without dependencies.
 */
@Command(name = "rx-health-agent", mixinStandardHelpOptions = true, scope = CommandLine.ScopeType.INHERIT,
        versionProvider = AgentCli.Version.class,
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:ok (check: full weight)", "1:check: reduced weight", "2:check: down",
                "3:check: drain or maint", "64:usage error", "74:cannot read or reach (files, the running agent)",
                "78:config error", "70:internal error"},
        description = "Checks this node and serves one verdict to HAProxy's agent-check on TCP 9505.",
        subcommands = {RunCommand.class, StatusCommand.class, CheckCommand.class, DrainCommand.class,
                MaintCommand.class, ConfigCommand.class, HistoryCommand.class})
public final class AgentCli implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** sysexits(3) codes, apart from check's verdict codes 0-3. */
    static final int USAGE = 64;
    static final int SOFTWARE = 70;
    static final int IO = 74;
    static final int CONFIG = 78;

    /** {@code --version}: the version, the git commit the build stamped, and the Java runtime. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return BuildInfo.current().versionLines();
        }
    }

    /** The whole command line; {@code run} starts the agent through {@code launcher}. */
    public static CommandLine commandLine(AgentLauncher launcher) {
        CommandLine.IFactory defaults = CommandLine.defaultFactory();
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            @SuppressWarnings("unchecked")
            public <K> K create(Class<K> type) throws Exception {
                return type == RunCommand.class ? (K) new RunCommand(launcher) : defaults.create(type);
            }
        };
        CommandLine cli = new CommandLine(new AgentCli(), factory);
        usageCode(cli);
        // One line, no stack trace: a config, I/O or state-dir problem is the operator's to mend.
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            cmd.getErr().println("rx-health-agent: " + (e instanceof ConfigException || e instanceof IllegalStateException
                    || e instanceof IllegalArgumentException || e instanceof IOException
                    ? e.getMessage() : e.toString()));
            return e instanceof ConfigException || e instanceof IllegalStateException ? CONFIG
                    : e instanceof IOException || e instanceof java.io.UncheckedIOException ? IO : SOFTWARE;
        });
        return cli;
    }

    private static void usageCode(CommandLine cli) {
        cli.getCommandSpec().exitCodeOnInvalidInput(USAGE);
        cli.getSubcommands().values().forEach(AgentCli::usageCode);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required (see --help)");
    }
}
