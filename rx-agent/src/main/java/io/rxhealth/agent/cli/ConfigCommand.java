package io.rxhealth.agent.cli;

import io.rxhealth.agent.config.AgentConfig;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code config validate}: load a config as {@code run} would and summarise it. */
@Command(name = "config", description = "Config commands.", subcommands = ConfigCommand.Validate.class)
final class ConfigCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: validate");
    }

    @Command(name = "validate", description = "Validate a config as run loads it; exit 78 (config error) if invalid.")
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
            warnIfSecretsExposed(cfg);
            return 0;
        }

        /** A config holding a password must not be readable by anyone but its owner (and group). */
        private void warnIfSecretsExposed(AgentConfig cfg) {
            java.util.List<String> inline = io.rxhealth.agent.config.CheckSpec.inlineSecrets(cfg.checks());
            if (inline.isEmpty() || config.config == null) {
                return;
            }
            try {
                java.util.Set<java.nio.file.attribute.PosixFilePermission> mode =
                        java.nio.file.Files.getPosixFilePermissions(config.config);
                if (mode.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_READ)
                        || mode.contains(java.nio.file.attribute.PosixFilePermission.GROUP_READ)) {
                    spec.commandLine().getErr().println("warning: " + config.config + " holds a password ("
                            + String.join(", ", inline) + ") and is readable by others (mode "
                            + java.nio.file.attribute.PosixFilePermissions.toString(mode)
                            + "): chmod 0600 it, or use password-file or password-env");
                }
            } catch (java.io.IOException | UnsupportedOperationException e) {
                spec.commandLine().getErr().println("warning: " + config.config + " holds a password ("
                        + String.join(", ", inline) + ") and its mode cannot be read: " + e.getMessage());
            }
        }
    }
}
