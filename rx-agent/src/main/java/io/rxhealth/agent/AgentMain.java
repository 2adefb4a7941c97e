package io.rxhealth.agent;

import io.rxhealth.agent.cli.AgentCli;
import io.rxhealth.agent.config.AgentConfig;
import io.rxhealth.agent.logging.LogTimestamps;
import io.rxhealth.agent.reload.AgentReload;
import io.rxhealth.weighting.reload.ConfigReload;
import io.rxhealth.checks.http.HttpClients;
import java.util.function.Supplier;

/** Entry point of {@code rx-health-agent}: the command line, with {@code run} wired to {@link AgentApp}. */
public final class AgentMain {
    private AgentMain() {
    }

    public static void main(String[] args) {
        // Before anything logs: slf4j-simple reads its configuration once, at its first logger.
        LogTimestamps.configure();
        // Must precede any use of HttpURLConnection in this JVM: endpoints may set a Host header.
        HttpClients.allowHostHeader();
        System.exit(AgentCli.commandLine(AgentMain::start).execute(args));
    }

    /** {@code run}: a SIGHUP while the config is read is held, then each one re-reads it. */
    private static AutoCloseable start(Supplier<AgentConfig> config) throws Exception {
        ConfigReload.holdSighupWhileStarting(AgentReload.LOG);
        AgentApp app = AgentApp.start(config.get(), config);
        app.reloadOnSighup();
        return app;
    }
}
