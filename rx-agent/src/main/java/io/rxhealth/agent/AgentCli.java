package io.rxhealth.agent;

import io.rxhealth.agent.config.ConfigException;
import java.io.IOException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code rx-health-agent} command line. picocli gives subcommands, {@code --help} and
 * usage errors for free and is a single small jar without dependencies.
 */
@Command(name = "rx-health-agent", mixinStandardHelpOptions = true, version = "rx-health-agent 0.1.0",
        description = "Checks this node and serves one verdict to HAProxy's agent-check on TCP 9505.",
        subcommands = {RunCommand.class, StatusCommand.class, CheckCommand.class, DrainCommand.class,
                MaintCommand.class, ConfigCommand.class, HistoryCommand.class})
final class AgentCli implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new AgentCli());
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            cmd.getErr().println("rx-health-agent: " + (e instanceof ConfigException || e instanceof IllegalStateException
                    || e instanceof IllegalArgumentException || e instanceof IOException
                    ? e.getMessage() : e.toString()));
            return 1;
        });
        return cli;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required (see --help)");
    }
}
