package io.rxhealth.agent;

/** Entry point of {@code rx-health-agent}. */
public final class AgentMain {
    private AgentMain() {
    }

    public static void main(String[] args) {
        System.exit(AgentCli.commandLine().execute(args));
    }
}
