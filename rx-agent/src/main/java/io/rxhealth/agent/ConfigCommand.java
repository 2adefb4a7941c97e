package io.rxhealth.agent;

import io.rxhealth.agent.config.AgentConfig;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code config validate}: load a config as {@code run} would and summarise it. */
@Command(name = "config", description = "Config commands.", subcommands = ConfigCommand.Validate.class)
final class ConfigCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: validate");
    }

    @Command(name = "validate", description = "Validate a config and print a summary; exit 1 if invalid.")
    static final class Validate implements Callable<Integer> {
        @CommandLine.Mixin
        ConfigOption config;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            AgentConfig cfg = config.load();
            spec.commandLine().getOut().println("config OK: " + cfg.checks().size() + " checks ("
                    + String.join(", ", cfg.checks().stream().map(c -> c.name()).toList()) + "), listen "
                    + cfg.listen().address().getHostString() + ":" + cfg.listen().address().getPort()
                    + " (" + cfg.listen().socket() + ")");
            return 0;
        }
    }
}
