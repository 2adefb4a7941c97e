package io.rxhealth.ovs.stand;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.ovs.HostPrograms;
import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.CommandRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The bench of {@code stand/}: brought up by {@code stand/up}, taken down by {@code stand/down} on
 * close, with helpers to run commands inside its namespaces. Commands and addresses stay inside the
 * stand. Up either bare (the tests write the tables themselves) or with both consumers (the agent
 * in every backend, HAProxy and the LB daemon in rxh-lb).
 */
public final class Stand implements AutoCloseable {
    public static final Path DIR = Path.of("../stand").toAbsolutePath().normalize();
    /** The stand's backends and their member keys in the consumers' pool. */
    static final Map<String, String> MEMBERS = Map.of(
            "be1", "10.20.0.2:8080", "be2", "10.30.0.2:8080", "be3", "10.20.0.3:8080", "be4", "10.30.0.3:8080");
    public static final List<String> BACKENDS = List.of("be1", "be2", "be3", "be4");
    private static final List<String> PROGRAMS = List.of("ovsdb-tool", "ovsdb-server", "ovs-vswitchd", "ovs-vsctl",
            "ovs-ofctl", "ovs-appctl", "ip", "ethtool", "curl", "python3");
    private static final String INSTALL = "apt-get install -y openvswitch-switch iproute2 ethtool curl python3";
    private static final List<String> CONSUMER_PROGRAMS = List.of("haproxy", "java");
    private static final String CONSUMER_INSTALL = "apt-get install -y openvswitch-switch haproxy iproute2 ethtool curl python3";
    private static final List<Path> JARS = List.of(Path.of("../rx-agent/target/rx-health-agent.jar"),
            Path.of("../ovs-sink/target/rx-health-lbd.jar"));
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final Duration WAIT_FOR_OTHER = Duration.ofMinutes(5);

    private final CommandRunner runner = CommandRunner.processes();

    private Stand() {
    }

    /**
     * Checks the prerequisites, clears a stand left by an aborted run, and runs {@code stand/up --no-hooks}:
     * for tests that write the tables themselves, so neither the LB daemon nor HAProxy and the agents run.
     */
    public static Stand bare() throws Exception {
        requireRoot();
        for (String program : PROGRAMS) {
            HostPrograms.require(program, INSTALL);
        }
        return up("--no-hooks");
    }

    /** Checks the prerequisites and both jars, clears a stand left by an aborted run, runs stand/up. */
    static Stand withConsumers() throws Exception {
        requireRoot();
        for (String program : PROGRAMS) {
            HostPrograms.require(program, CONSUMER_INSTALL);
        }
        for (String program : CONSUMER_PROGRAMS) {
            HostPrograms.require(program, CONSUMER_INSTALL);
        }
        for (Path jar : JARS) {
            if (!Files.isRegularFile(jar)) {
                throw new IllegalStateException(jar.toAbsolutePath().normalize() + " missing (run mvn package first)");
            }
        }
        return up();
    }

    private static void requireRoot() {
        if (!"root".equals(System.getProperty("user.name"))) {
            throw new IllegalStateException("user: " + System.getProperty("user.name")
                    + " (expected: root; the stand creates namespaces and runs Open vSwitch)");
        }
    }

    private static Stand up(String... args) throws Exception {
        Stand stand = new Stand();
        // Exit 4: another checkout's stand is up (namespace names are host-wide); wait for its end.
        long deadline = System.nanoTime() + WAIT_FOR_OTHER.toNanos();
        CommandResult down = stand.run("down");
        while (down.exitCode() == 4 && System.nanoTime() < deadline) {
            Thread.sleep(2000);
            down = stand.run("down");
        }
        check("down", down);
        try {
            check("up", stand.run("up", args));
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
    public String target() {
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

    /** The config file a backend's agent runs with (re-read on SIGHUP). */
    Path agentConfig(String backend) {
        return state(backend).resolve("agent.yaml");
    }

    /** The same config with the agent's CPU check on, which stand/backend.d/agent writes beside it. */
    Path agentCpuConfig(String backend) {
        return state(backend).resolve("agent-cpu.yaml");
    }

    /** A backend agent's {@code /status}, read in its namespace. */
    AgentStatus agentStatus(String backend) throws Exception {
        CommandResult result = on(backend, "curl", "-s", "-m", "3", "http://127.0.0.1:9506/status");
        assertThat(result.exitCode()).as("curl %s's agent /status: %s", backend, result.stderr()).isZero();
        return AgentStatus.parse(result.stdout());
    }

    /** Runs {@code command} in namespace rxh-HOST; returns the result whatever the exit code. */
    public CommandResult on(String host, String... command) throws Exception {
        return runner.run(inNamespace(host, command), null, TIMEOUT);
    }

    /** Starts {@code command} in namespace rxh-HOST without waiting; stdout is readable as it comes. */
    public Process start(String host, String... command) throws Exception {
        return new ProcessBuilder(inNamespace(host, command)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    /** {@code stand/probe.py ARGS} in rxh-HOST. */
    public CommandResult probe(String host, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("python3", DIR.resolve("probe.py").toString()));
        command.addAll(List.of(args));
        return on(host, command.toArray(String[]::new));
    }

    /** {@code ovs-ofctl COMMAND TARGET ARGS}: the first argument is the ovs-ofctl command. */
    public CommandResult ofctl(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("ovs-ofctl", "--no-names", "-O", "OpenFlow14", args[0], target()));
        command.addAll(List.of(args).subList(1, args.length));
        return runner.run(command, null, TIMEOUT);
    }

    /** Restarts the stand's ovs-vswitchd ({@code rxh_restart_vswitchd} of stand/env): every flow is gone. */
    void restartSwitch() throws Exception {
        CommandResult result = runner.run(List.of("bash", "-c", "source \"$0\" && rxh_restart_vswitchd",
                DIR.resolve("env").toString()), null, TIMEOUT);
        if (!result.succeeded()) {
            throw new IllegalStateException("restart ovs-vswitchd: " + result.stderr().strip());
        }
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
        signal(backend, "app", signal);
    }

    /** Sends SIGNAL to a backend's agent (the PID stand/up saved; the hook execs the JVM): HUP reloads. */
    void signalAgent(String backend, String signal) throws Exception {
        signal(backend, "agent", signal);
    }

    private void signal(String backend, String process, String signal) throws Exception {
        String pid = Files.readString(state(backend).resolve(process + ".pid")).strip();
        CommandResult result = runner.run(List.of("kill", "-" + signal, pid), null, TIMEOUT);
        if (!result.succeeded()) {
            throw new IllegalStateException("kill -" + signal + " " + pid + ": " + result.stderr().strip());
        }
    }

    @Override
    public void close() throws Exception {
        check("down", run("down"));
    }

    private static List<String> inNamespace(String host, String... command) {
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", "rxh-" + host));
        full.addAll(List.of(command));
        return full;
    }

    private CommandResult run(String script, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(DIR.resolve(script).toString()));
        command.addAll(List.of(args));
        return runner.run(command, null, TIMEOUT);
    }

    private static void check(String script, CommandResult result) {
        if (!result.succeeded()) {
            throw new IllegalStateException("stand/" + script + ": exit " + result.exitCode() + ": "
                    + result.stderr().strip().replace('\n', ' ') + " (expected: exit 0)");
        }
    }
}
