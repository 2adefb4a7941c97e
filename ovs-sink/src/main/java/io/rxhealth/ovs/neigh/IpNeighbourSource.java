package io.rxhealth.ovs.neigh;

import static java.util.Objects.requireNonNull;

import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.CommandRunner;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * {@link NeighbourSource} on {@code ip -json neigh show dev DEV}: the daemon runs in the LB node's
 * network namespace, so plain {@code ip} sees the hc interfaces.
 */
public final class IpNeighbourSource implements NeighbourSource {
    private final CommandRunner runner;
    private final Duration timeout;

    public IpNeighbourSource(CommandRunner runner, Duration timeout) {
        this.runner = requireNonNull(runner, "runner");
        this.timeout = requireNonNull(timeout, "timeout");
    }

    @Override
    public List<NeighbourEntry> read(String dev) throws Exception {
        CommandResult r = runner.run(List.of("ip", "-json", "neigh", "show", "dev", dev), null, timeout);
        if (!r.succeeded()) {
            throw new IOException("ip -json neigh show dev " + dev + ": exit " + r.exitCode() + ": "
                    + r.stderr().strip().replace('\n', ' ') + " (expected: exit 0)");
        }
        return NeighbourParser.parse(r.stdout(), dev);
    }
}
