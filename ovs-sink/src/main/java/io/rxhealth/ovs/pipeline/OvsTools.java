package io.rxhealth.ovs.pipeline;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.openflow.OpenFlowException;
import io.rxhealth.ovs.openflow.OpenFlowSwitch;
import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.CommandRunner;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * The read-only Open vSwitch calls behind the operator commands {@code flows}, {@code trace},
 * {@code fdb} and {@code conns}, made by the daemon (which has the rights to the bridge's sockets):
 * flows through the daemon's own switch, traces and connections through {@code ovs-appctl} at its
 * ovs-vswitchd control socket. Arguments are checked before they reach a command line, and no shell
 * is involved.
 */
public final class OvsTools {
    private static final Pattern IN_PORT = Pattern.compile("[A-Za-z0-9_.-]{1,32}");
    private static final Pattern FLOW = Pattern.compile("[A-Za-z0-9_.:,=/-]{0,512}");
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final OpenFlowSwitch ovs;
    private final Optional<String> bridge;
    private final Optional<String> appctl;
    private final CommandRunner runner;

    public OvsTools(OpenFlowSwitch ovs, Optional<String> bridge, Optional<String> appctl, CommandRunner runner) {
        this.ovs = requireNonNull(ovs, "ovs");
        this.bridge = requireNonNull(bridge, "bridge");
        this.appctl = requireNonNull(appctl, "appctl");
        this.runner = requireNonNull(runner, "runner");
    }

    /** {@code ovs-ofctl dump-flows} of the bridge, of one table when given. */
    public String flows(OptionalInt table) throws OpenFlowException {
        return ovs.dumpFlows(table);
    }

    /** {@code ovs-appctl ofproto/trace BRIDGE in_port=P,FLOW}. */
    public String trace(String inPort, String flow) throws Exception {
        if (inPort == null || !IN_PORT.matcher(inPort).matches()) {
            throw new IllegalArgumentException("in_port: '" + inPort + "' (expected: an OpenFlow port number or name)");
        }
        if (flow == null || !FLOW.matcher(flow).matches()) {
            throw new IllegalArgumentException("flow: '" + flow
                    + "' (expected: ovs-ofctl flow fields such as tcp,nw_src=192.168.5.13,nw_dst=192.168.5.21,tp_dst=80)");
        }
        String b = bridge.orElseThrow(() -> new IllegalArgumentException("openflow: " + ovs.target()
                + " (expected: unix:DIR/BRIDGE.mgmt or a bridge name, for ofproto/trace to name the bridge)"));
        return run(appctl("ofproto/trace", b, "in_port=" + inPort + (flow.isEmpty() ? "" : "," + flow)));
    }

    /** The learned FDB of the private segments: table 25 (L2 switching is flow-based, not NORMAL). */
    public String fdb() throws OpenFlowException {
        return flows(OptionalInt.of(Tables.SWITCH));
    }

    /** {@code ovs-appctl dpctl/dump-conntrack zone=1}: the listeners' connections. */
    public String conntrack() throws Exception {
        return run(appctl("dpctl/dump-conntrack", "zone=" + Tables.CT_ZONE));
    }

    private List<String> appctl(String... args) {
        List<String> command = new ArrayList<>(List.of("ovs-appctl"));
        appctl.ifPresent(ctl -> command.addAll(List.of("-t", ctl)));
        command.addAll(List.of(args));
        return command;
    }

    private String run(List<String> command) throws Exception {
        CommandResult r = runner.run(command, null, TIMEOUT);
        if (!r.succeeded()) {
            throw new IOException(String.join(" ", command.subList(0, Math.min(command.size(), 4))) + ": exit "
                    + r.exitCode() + ": " + r.stderr().strip().replace('\n', ' ') + " (expected: exit 0)");
        }
        return r.stdout();
    }
}
