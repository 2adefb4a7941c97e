package io.rxhealth.ovs.neigh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.CommandRunner;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link IpNeighbourSource} against the real {@code ip} in a namespace of its own (a veth
 * interface with neighbour entries of several states), so the parser is pinned to what this
 * iproute2 prints. Needs root and iproute2 ({@code apt-get install -y iproute2}).
 */
class IpNeighbourSourceIT {
    private static final String NS = "rxh-neigh-" + ProcessHandle.current().pid();
    private static final CommandRunner HOST = CommandRunner.processes();
    /** Runs every command inside the test's namespace, as the daemon runs in the LB node's. */
    private static final CommandRunner IN_NS = (command, stdin, timeout) -> {
        List<String> wrapped = new ArrayList<>(List.of("ip", "netns", "exec", NS));
        wrapped.addAll(command);
        return HOST.run(wrapped, stdin, timeout);
    };

    @BeforeAll
    static void createNamespace() throws Exception {
        run(HOST, "ip", "netns", "add", NS);
        run(IN_NS, "ip", "link", "add", "rxhd0", "type", "veth", "peer", "name", "rxhd1");
        run(IN_NS, "ip", "link", "set", "rxhd1", "up");
        run(IN_NS, "ip", "link", "set", "rxhd0", "up");
        run(IN_NS, "ip", "addr", "add", "10.99.0.1/24", "dev", "rxhd0");
        run(IN_NS, "ip", "neigh", "add", "10.99.0.2", "lladdr", "02:42:0a:63:00:02", "dev", "rxhd0", "nud", "permanent");
        run(IN_NS, "ip", "neigh", "add", "10.99.0.3", "lladdr", "02:42:0a:63:00:03", "dev", "rxhd0", "nud", "stale");
    }

    @AfterAll
    static void deleteNamespace() throws Exception {
        HOST.run(List.of("ip", "netns", "delete", NS), null, Duration.ofSeconds(10));
    }

    @Test
    void readsTheKernelsEntriesOfOneInterface() throws Exception {
        List<NeighbourEntry> entries = new IpNeighbourSource(IN_NS, Duration.ofSeconds(5)).read("rxhd0");

        assertThat(entries).extracting(e -> e.address() + " " + e.mac() + " " + e.state() + " " + e.resolved())
                .contains("10.99.0.2 02:42:0a:63:00:02 PERMANENT true", "10.99.0.3 02:42:0a:63:00:03 STALE true");
        assertThat(entries).allSatisfy(e -> assertThat(e.dev()).isEqualTo("rxhd0"));
    }

    @Test
    void aMissingInterfaceIsAnErrorInOneLine() {
        assertThatThrownBy(() -> new IpNeighbourSource(IN_NS, Duration.ofSeconds(5)).read("rxhnone"))
                .hasMessageStartingWith("ip -json neigh show dev rxhnone: exit 1: ")
                .hasMessageNotContaining("\n");
    }

    private static void run(CommandRunner runner, String... command) throws Exception {
        CommandResult r = runner.run(List.of(command), null, Duration.ofSeconds(10));
        if (!r.succeeded()) {
            throw new IllegalStateException(String.join(" ", command) + ": exit " + r.exitCode() + ": " + r.stderr().strip()
                    + " (expected: exit 0; needs root and iproute2: apt-get install -y iproute2)");
        }
    }
}
