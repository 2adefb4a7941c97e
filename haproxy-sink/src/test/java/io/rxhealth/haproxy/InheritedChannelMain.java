package io.rxhealth.haproxy;

import io.rxhealth.weighting.Ticker;

/**
 * Serves a fixed reply, naming this process's PID, on the listening socket inherited on stdin;
 * runs until killed. Started by {@link InheritedChannelIT} the way systemd starts the agent.
 * Exits with status 2 and a one-line message when stdin is not a listening socket.
 */
public final class InheritedChannelMain {
    private InheritedChannelMain() {
    }

    public static void main(String[] args) {
        var replies = new ReplyBoard("up ready 100% # pid " + ProcessHandle.current().pid() + "\n");
        AgentCheckServer server;
        try {
            server = AgentCheckServer.start(Listen.inherited(), replies, SinkOptions.defaults(), Ticker.system());
        } catch (IllegalStateException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "agent-check-stop"));
    }
}
