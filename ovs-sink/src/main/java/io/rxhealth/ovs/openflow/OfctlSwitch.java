package io.rxhealth.ovs.openflow;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.CommandRunner;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A switch reached through {@code ovs-ofctl --no-names -O OpenFlow14}, one child process per call,
 * no shell: the only place the daemon builds that command line. A bundle is fed on stdin and
 * opened, filled and committed on one connection, so OVS's 10 s idle expiry of open bundles
 * cannot strike in between. Stateless, so safe for concurrent calls.
 */
public final class OfctlSwitch implements OpenFlowSwitch {
    /** The binary from the PATH. */
    public static final String OFCTL = "ovs-ofctl";
    /** What one call may take: a full bundle of 65,536 slots takes ~0.6 s here. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    private static final Pattern FLOW_COUNT = Pattern.compile("flow_count=(\\d+)");

    private final String target;
    private final CommandRunner runner;
    private final String binary;
    private final Duration timeout;

    /** {@code ovs-ofctl} from the PATH, 10 s a call. */
    public OfctlSwitch(String target, CommandRunner runner) {
        this(target, runner, OFCTL, DEFAULT_TIMEOUT);
    }

    /**
     * @param target what ovs-ofctl connects to: {@code unix:/run/openvswitch/br-lb.mgmt} or a
     *               bridge name (found in ovs-ofctl's OVS_RUNDIR)
     * @param binary the ovs-ofctl to run, a name on the PATH or a path
     */
    public OfctlSwitch(String target, CommandRunner runner, String binary, Duration timeout) {
        this.target = requireNonNull(target, "target");
        this.runner = requireNonNull(runner, "runner");
        this.binary = requireNonNull(binary, "binary");
        this.timeout = requireNonNull(timeout, "timeout");
        if (target.isBlank()) {
            throw new IllegalArgumentException("target: '" + target + "' (expected: unix:PATH.mgmt or a bridge name)");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout: " + timeout + " (expected: > 0)");
        }
    }

    @Override
    public String target() {
        return target;
    }

    @Override
    public void bundle(Bundle bundle) throws OpenFlowException {
        ofctl(bundle.text(), "bundle", target, "-");
    }

    @Override
    public String dumpFlows(OptionalInt table) throws OpenFlowException {
        if (table.isEmpty()) {
            return ofctl(null, "dump-flows", target);
        }
        if (table.getAsInt() < 0 || table.getAsInt() > 254) {
            throw new IllegalArgumentException("table: " + table.getAsInt() + " (expected: 0..254)");
        }
        return ofctl(null, "dump-flows", target, "table=" + table.getAsInt());
    }

    @Override
    public List<FlowEntry> flows(FlowQuery query) throws OpenFlowException {
        return DumpFlowsText.parse(ofctl(null, "dump-flows", target, query.text()));
    }

    @Override
    public long flowCount(String match) throws OpenFlowException {
        String out = ofctl(null, "dump-aggregate", target, match);
        Matcher m = FLOW_COUNT.matcher(out);
        if (!m.find()) {
            throw new OpenFlowException("ovs-ofctl dump-aggregate " + target + ": '" + out.strip()
                    + "' (expected: flow_count=N)", OpenFlowException.Failure.REFUSED, null);
        }
        return Long.parseLong(m.group(1));
    }

    private String ofctl(String stdin, String... args) throws OpenFlowException {
        // --no-names: otherwise every call first fetches port and table names (~24 ms instead of ~3 ms).
        List<String> command = new ArrayList<>(List.of(binary, "--no-names", "-O", "OpenFlow14"));
        command.addAll(List.of(args));
        String call = "ovs-ofctl " + args[0] + " " + target;
        CommandResult result;
        try {
            result = runner.run(command, stdin, timeout);
        } catch (TimeoutException e) {
            throw new OpenFlowException(call + ": no exit within " + timeout + " (killed)",
                    OpenFlowException.Failure.TIMED_OUT, e);
        } catch (IOException e) {
            throw new OpenFlowException(call + ": cannot run " + binary + ": " + e.getMessage(),
                    OpenFlowException.Failure.NOT_MADE, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OpenFlowException(call + ": interrupted", OpenFlowException.Failure.NOT_MADE, e);
        }
        if (!result.succeeded()) {
            throw new OpenFlowException(call + ": exit " + result.exitCode() + ": "
                    + result.stderr().strip().replace('\n', ' ') + " (expected: exit 0)",
                    OpenFlowException.Failure.REFUSED, null);
        }
        return result.stdout();
    }
}
