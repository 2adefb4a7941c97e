package io.rxhealth.ovs.stand;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.ovs.flow.CommandResult;
import io.rxhealth.ovs.flow.CommandRunner;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The whole bench of {@code stand/} with both consumers: {@code stand/up} with its hooks (the agent
 * in every backend, HAProxy and the LB daemon in rxh-lb), {@code stand/down} on close. Commands and
 * addresses stay inside the stand's namespaces.
 */
final class FullStand implements AutoCloseable {
    static final Path DIR = Path.of("../stand").toAbsolutePath().normalize();
    /** The stand's backends and their member keys in the consumers' pool. */
    static final Map<String, String> MEMBERS = Map.of(
            "be1", "10.20.0.2:8080", "be2", "10.30.0.2:8080", "be3", "10.20.0.3:8080", "be4", "10.30.0.3:8080");
    static final List<String> BACKENDS = List.of("be1", "be2", "be3", "be4");
    private static final String INSTALL = "apt-get install -y openvswitch-switch haproxy iproute2 ethtool curl python3";
    private static final List<Path> JARS = List.of(Path.of("../rx-agent/target/rx-health-agent.jar"),
            Path.of("../ovs-sink/target/rx-health-lbd.jar"));
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final Duration WAIT_FOR_OTHER = Duration.ofMinutes(5);

    private final CommandRunner runner = CommandRunner.processes();

    private FullStand() {
    }

    /** Checks the prerequisites and both jars, clears a stand left by an aborted run, runs stand/up. */
    static FullStand up() throws Exception {
        if (!"root".equals(System.getProperty("user.name"))) {
            throw new IllegalStateException("user: " + System.getProperty("user.name")
                    + " (expected: root; the stand creates namespaces and runs Open vSwitch)");
        }
        for (String binary : List.of("ovsdb-tool", "ovsdb-server", "ovs-vswitchd", "ovs-vsctl", "ovs-ofctl",
                "ovs-appctl", "ip", "ethtool", "curl", "python3", "haproxy", "java")) {
            if (!onPath(binary)) {
                throw new IllegalStateException(binary + " not found on PATH (install: " + INSTALL + ")");
            }
        }
        for (Path jar : JARS) {
            if (!Files.isRegularFile(jar)) {
                throw new IllegalStateException(jar.toAbsolutePath().normalize() + " missing (run mvn package first)");
            }
        }
        FullStand stand = new FullStand();
        // Exit 4: another checkout's stand is up (namespace names are host-wide); wait for its end.
        long deadline = System.nanoTime() + WAIT_FOR_OTHER.toNanos();
        CommandResult down = stand.run("down");
        while (down.exitCode() == 4 && System.nanoTime() < deadline) {
            Thread.sleep(2000);
            down = stand.run("down");
        }
        check("down", down);
        try {
            stand.script("up");
        } catch (Exception | Error e) {
            stand.close();
            throw e;
        }
        return stand;
    }

    /** False once the stand's namespaces are gone: nothing can pass any more. */
    boolean isUp() {
        return Files.exists(Path.of("/run/netns/rxh-lb"));
    }

    /** What ovs-ofctl connects to: the bridge's management socket in stand/.run. */
    String target() {
        return "unix:" + DIR.resolve(".run/rxhlb.mgmt");
    }

    /** The LB node's run directory: HAProxy's admin socket, the daemon's config and logs. */
    Path lbState() {
        return DIR.resolve(".run/lb");
    }

    /** A backend's run directory: the app's {@code fail-*} switches. */
    Path state(String backend) {
        return DIR.resolve(".run").resolve(backend);
    }

    /** A backend agent's state dir: where the {@code drain} and {@code maint} markers go. */
    Path agentState(String backend) {
        return state(backend).resolve("agent");
    }

    /** Runs {@code command} in namespace rxh-HOST; returns the result whatever the exit code. */
    CommandResult on(String host, String... command) throws Exception {
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", "rxh-" + host));
        full.addAll(List.of(command));
        return runner.run(full, null, TIMEOUT);
    }

    /** Restarts the stand's ovs-vswitchd ({@code rxh_restart_vswitchd} of stand/env): every flow is gone. */
    void restartSwitch() throws Exception {
        CommandResult result = runner.run(List.of("bash", "-c", "source \"$0\" && rxh_restart_vswitchd",
                DIR.resolve("env").toString()), null, TIMEOUT);
        if (!result.succeeded()) {
            throw new IllegalStateException("restart ovs-vswitchd: " + result.stderr().strip());
        }
    }

    CommandResult ofctl(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("ovs-ofctl", "--no-names", "-O", "OpenFlow14", args[0], target()));
        command.addAll(List.of(args).subList(1, args.length));
        return runner.run(command, null, TIMEOUT);
    }

    /**
     * {@code count} new connections from HOST to URL in one curl; the {@code backend=} of every answer
     * of the stand's backend app, in order. Fails unless every connection is answered.
     */
    List<String> backends(String host, String url, int count) throws Exception {
        List<String> command = new ArrayList<>(List.of("curl", "-s", "-m", "5"));
        command.addAll(Collections.nCopies(count, url));
        CommandResult result = on(host, command.toArray(String[]::new));
        assertThat(result.exitCode()).as("curl %s from %s: %s", url, host, result.stderr()).isZero();
        return result.stdout().lines().map(l -> {
            assertThat(l).as("answer").startsWith("backend=");
            return l.substring("backend=".length(), l.indexOf(' '));
        }).toList();
    }

    /** Sends SIGSTOP or SIGCONT to a backend's app (the PID stand/up saved): a paused container. */
    void signalApp(String backend, String signal) throws Exception {
        String pid = Files.readString(state(backend).resolve("app.pid")).strip();
        CommandResult result = runner.run(List.of("kill", "-" + signal, pid), null, TIMEOUT);
        if (!result.succeeded()) {
            throw new IllegalStateException("kill -" + signal + " " + pid + ": " + result.stderr().strip());
        }
    }

    @Override
    public void close() throws Exception {
        script("down");
    }

    private void script(String name) throws Exception {
        check(name, run(name));
    }

    private CommandResult run(String name) throws Exception {
        return runner.run(List.of(DIR.resolve(name).toString()), null, TIMEOUT);
    }

    private static void check(String name, CommandResult result) {
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
