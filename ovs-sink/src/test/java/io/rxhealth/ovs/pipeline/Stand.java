package io.rxhealth.ovs.pipeline;

import io.rxhealth.ovs.flow.CommandResult;
import io.rxhealth.ovs.flow.CommandRunner;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The bench of {@code stand/}: brought up by {@code stand/up}, taken down by {@code stand/down}, with
 * helpers to run commands inside its namespaces. Commands and addresses stay inside the stand.
 */
final class Stand implements AutoCloseable {
    static final Path DIR = Path.of("../stand").toAbsolutePath().normalize();
    private static final String INSTALL = "apt-get install -y openvswitch-switch iproute2 ethtool curl python3";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final CommandRunner runner = CommandRunner.processes();

    private Stand() {
    }

    /**
     * Checks the prerequisites, clears a stand left by an aborted run, and runs {@code stand/up --no-hooks}:
     * these tests write table 11 themselves, so neither the LB daemon nor HAProxy and the agents run.
     */
    static Stand up() throws Exception {
        if (!"root".equals(System.getProperty("user.name"))) {
            throw new IllegalStateException("user: " + System.getProperty("user.name")
                    + " (expected: root; the stand creates namespaces and runs Open vSwitch)");
        }
        for (String binary : List.of("ovsdb-tool", "ovsdb-server", "ovs-vswitchd", "ovs-vsctl", "ovs-ofctl",
                "ovs-appctl", "ip", "ethtool", "curl", "python3")) {
            if (!onPath(binary)) {
                throw new IllegalStateException(binary + " not found on PATH (install: " + INSTALL + ")");
            }
        }
        Stand stand = new Stand();
        stand.script("down");
        try {
            stand.script("up", "--no-hooks");
        } catch (Exception | Error e) {
            stand.close();
            throw e;
        }
        return stand;
    }

    /** What ovs-ofctl connects to: the bridge's management socket in stand/.run. */
    String target() {
        return "unix:" + DIR.resolve(".run/rxhlb.mgmt");
    }

    /** Runs {@code command} in namespace rxh-HOST; returns the result whatever the exit code. */
    CommandResult on(String host, String... command) throws Exception {
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", "rxh-" + host));
        full.addAll(List.of(command));
        return runner.run(full, null, TIMEOUT);
    }

    /** Starts {@code command} in namespace rxh-HOST without waiting; stdout is readable as it comes. */
    Process start(String host, String... command) throws Exception {
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", "rxh-" + host));
        full.addAll(List.of(command));
        return new ProcessBuilder(full).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    /** {@code stand/probe.py ARGS} in rxh-HOST. */
    CommandResult probe(String host, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("python3", DIR.resolve("probe.py").toString()));
        command.addAll(List.of(args));
        return on(host, command.toArray(String[]::new));
    }

    CommandResult ofctl(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("ovs-ofctl", "--no-names", "-O", "OpenFlow14", args[0], target()));
        command.addAll(List.of(args).subList(1, args.length));
        return runner.run(command, null, TIMEOUT);
    }

    @Override
    public void close() throws Exception {
        script("down");
    }

    private void script(String name, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(DIR.resolve(name).toString()));
        command.addAll(List.of(args));
        CommandResult result = runner.run(command, null, TIMEOUT);
        if (!result.succeeded()) {
            throw new IllegalStateException("stand/" + name + ": exit " + result.exitCode() + ": "
                    + result.stderr().strip().replace('\n', ' ') + " (expected: exit 0)");
        }
    }

    private static boolean onPath(String name) {
        List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
        dirs.addAll(List.of("/usr/sbin", "/usr/bin", "/sbin", "/bin"));
        return dirs.stream().anyMatch(d -> Files.isExecutable(Path.of(d.isEmpty() ? "." : d, name)));
    }
}
