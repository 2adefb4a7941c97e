package io.rxhealth.agent.cli;

import io.rxhealth.agent.config.AgentConfig;
import io.rxhealth.agent.config.ConfigLoader;
import io.rxhealth.agent.state.StateDirectory;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The {@code --config} option every command shares. */
class ConfigOption {
    /** The packages' config file, and so every command's default when it exists. */
    static final Path SYSTEM_CONFIG = Path.of("/etc/rx-health/agent.yaml");

    @Option(names = {"-c", "--config"}, paramLabel = "FILE",
            description = "YAML config (default: /etc/rx-health/agent.yaml if it exists, else the embedded host-only config)")
    Path config;

    AgentConfig load() {
        return new ConfigLoader().load(Optional.ofNullable(config).or(() -> systemConfig(SYSTEM_CONFIG)));
    }

    static Optional<Path> systemConfig(Path file) {
        return java.nio.file.Files.exists(file) ? Optional.of(file) : Optional.empty();
    }

    /** The state dir the agent uses with this config (created if need be). */
    Path stateDir() {
        return StateDirectory.resolve(load().stateDir());
    }
}
