package io.rxhealth.agent;

import io.rxhealth.agent.config.AgentConfig;
import io.rxhealth.agent.config.ConfigLoader;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The {@code --config} option every command shares. */
class ConfigOption {
    @Option(names = {"-c", "--config"}, paramLabel = "FILE",
            description = "YAML config (default: the embedded host-only config)")
    Path config;

    AgentConfig load() {
        return new ConfigLoader().load(Optional.ofNullable(config));
    }

    /** The state dir the agent uses with this config (created if need be). */
    Path stateDir() {
        return StateDirectory.resolve(load().stateDir());
    }
}
