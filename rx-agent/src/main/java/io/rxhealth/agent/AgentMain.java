package io.rxhealth.agent;

import io.rxhealth.checks.http.HttpClients;

/** Entry point of {@code rx-health-agent}. */
public final class AgentMain {
    private AgentMain() {
    }

    public static void main(String[] args) {
        // Before anything logs: slf4j-simple reads its configuration once, at its first logger.
        LogTimestamps.configure();
        // Must precede any use of HttpURLConnection in this JVM: endpoints may set a Host header.
        HttpClients.allowHostHeader();
        System.exit(AgentCli.commandLine().execute(args));
    }
}
