package io.rxhealth.ovs;

import io.rxhealth.ovs.cli.LbdCommand;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** Entry point of {@code rx-health-lbd}: the daemon ({@code run}) and its operator commands. */
public final class LbNodeMain {
    private LbNodeMain() {
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        System.exit(LbdCommand.commandLine(out, err).execute(args));
    }
}
