package io.rxhealth.ovs;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.ovs.cli.LbdCommand;
import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.InstantSource;
import picocli.CommandLine;

/** Entry point of {@code rx-health-lbd}: the daemon ({@code run}) and its operator commands. */
public final class LbNodeMain {
    private LbNodeMain() {
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        System.exit(commandLine(out, err).execute(args));
    }

    /** The command tree, {@code run} making real nodes: Open vSwitch (or the dry-run log), the system clocks. */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        return LbdCommand.commandLine(out, err, LbNodeMain::node, InstantSource.system());
    }

    private static LbNode node(LbConfig config, boolean dryRun, PrometheusMeterRegistry registry, LbNode previous)
            throws IOException {
        Ticker ticker = Ticker.system();
        return new LbNode(config, SlotTableWriters.forConfig(config, dryRun, ticker), registry, InstantSource.system(),
                ticker, previous);
    }
}
