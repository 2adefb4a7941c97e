package io.rxhealth.ovs.cli;

import io.rxhealth.ovs.build.BuildInfo;
import io.rxhealth.ovs.config.ConfigException;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code rx-health-lbd}: the LB-node daemon and the operator commands that talk to its API. */
@Command(name = "rx-health-lbd", mixinStandardHelpOptions = true, versionProvider = LbdCommand.Version.class,
        description = "OVS load-balancer node: agent polling, liveness probes, weighted Maglev slot tables.")
public final class LbdCommand implements Runnable {
    /** The daemon answered and refused or failed the request (a drain that would fail-close a pool). */
    static final int REFUSED = 1;
    /** sysexits(3), as rx-health-agent uses them: usage, internal, I/O (the API unreachable), config. */
    static final int USAGE = 64;
    static final int SOFTWARE = 70;
    static final int IO = 74;
    static final int CONFIG = 78;

    private static final Map<String, String> EXIT_CODES = exitCodeList();

    private final PrintWriter err;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** {@code --version}: the version and git commit the build stamped, and the Java runtime, as the agent says them. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            BuildInfo build = BuildInfo.current();
            return new String[] {"rx-health-lbd " + build.version(), "commit " + build.revision(), "java " + build.java()
                    + " (" + System.getProperty("java.vendor", "unknown") + " "
                    + System.getProperty("java.vm.name", "unknown") + ")"};
        }
    }

    private static Map<String, String> exitCodeList() {
        Map<String, String> codes = new LinkedHashMap<>();
        codes.put("0", "ok");
        codes.put(String.valueOf(REFUSED), "the daemon refused or failed the request");
        codes.put(String.valueOf(USAGE), "usage error");
        codes.put(String.valueOf(IO), "cannot reach the daemon's API, or run cannot listen or reach the switch");
        codes.put(String.valueOf(CONFIG), "config error");
        codes.put(String.valueOf(SOFTWARE), "internal error");
        return codes;
    }

    private LbdCommand(PrintWriter err) {
        this.err = err;
    }

    /**
     * The whole command tree, writing to {@code out} and {@code err}; {@code run} makes its daemon with
     * {@code nodes} and stamps its reloads with {@code clock}.
     */
    public static <N extends NodeFactory.Node> CommandLine commandLine(PrintWriter out, PrintWriter err,
                                                                   NodeFactory<N> nodes, InstantSource clock) {
        CommandLine cl = new CommandLine(new LbdCommand(err));
        cl.addSubcommand("run", new RunCommand<>(out, err, nodes, clock));
        cl.addSubcommand("health", new HealthCommand(out, err));
        cl.addSubcommand("slots", new SlotsCommand(out, err));
        cl.addSubcommand("drain", member(new MemberCommand(out, err, true),
                "Take a member (address:port) out of every layout it is in; probes and agent polls go on."
                        + " Names the pools; refuses to empty a pool's table (fail-close) without --force."));
        cl.addSubcommand("enable", member(new MemberCommand(out, err, false),
                "Undo an operator drain of a member (address:port)."));
        cl.addSubcommand("neigh", new NeighCommand(out, err));
        cl.addSubcommand("flows", new FlowsCommand(out, err));
        cl.addSubcommand("trace", new TraceCommand(out, err));
        cl.addSubcommand("fdb", new FdbCommand(out, err));
        cl.addSubcommand("conns", new ConnsCommand(out, err));
        CommandLine config = new CommandLine(new ConfigCommand(err));
        config.addSubcommand("validate", new ConfigValidateCommand(out, err));
        cl.addSubcommand("config", config);
        cl.setOut(out);
        cl.setErr(err);
        exitCodes(cl);
        // One line, no stack trace: a config or a host problem is the operator's to mend.
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            boolean bad = e instanceof ConfigException || e instanceof IllegalStateException;
            cmd.getErr().println("rx-health-lbd: " + (bad || e instanceof IOException ? e.getMessage() : e.toString()));
            return bad ? CONFIG : e instanceof IOException ? IO : SOFTWARE;
        });
        return cl;
    }

    /** Usage errors exit 64 in every command, and every command's help lists the exit codes. */
    private static void exitCodes(CommandLine cl) {
        cl.getCommandSpec().exitCodeOnInvalidInput(USAGE);
        cl.getCommandSpec().usageMessage().exitCodeListHeading("Exit codes:%n").exitCodeList(EXIT_CODES);
        cl.getSubcommands().values().forEach(LbdCommand::exitCodes);
    }

    private static CommandLine member(MemberCommand command, String description) {
        CommandLine cl = new CommandLine(command);
        cl.getCommandSpec().usageMessage().description(description);
        return cl;
    }

    @Override
    public void run() {
        err.println("rx-health-lbd: a command is required (run, health, slots, drain, enable, neigh, flows, trace, fdb, conns, config validate); see --help");
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command");
    }

    /** {@code config}: groups {@code config validate}. */
    @Command(name = "config", description = "Configuration commands.", mixinStandardHelpOptions = true)
    static final class ConfigCommand implements Runnable {
        private final PrintWriter err;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        ConfigCommand(PrintWriter err) {
            this.err = err;
        }

        @Override
        public void run() {
            err.println("rx-health-lbd config: a command is required (validate FILE)");
            throw new CommandLine.ParameterException(spec.commandLine(), "missing command");
        }
    }
}
