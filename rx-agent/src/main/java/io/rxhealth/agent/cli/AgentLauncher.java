package io.rxhealth.agent.cli;

import io.rxhealth.agent.config.AgentConfig;
import java.util.function.Supplier;

/**
 * Starts the running agent for {@code run}. The CLI names what it needs and the composition root
 * ({@code AgentMain}) supplies it, so the commands never reach up to the wiring.
 */
@FunctionalInterface
public interface AgentLauncher {
    /**
     * Loads the config from {@code config} (it throws with a one-line message when the config is
     * bad; a later reload calls it again) and returns the started agent; closing it stops it.
     */
    AutoCloseable start(Supplier<AgentConfig> config) throws Exception;
}
