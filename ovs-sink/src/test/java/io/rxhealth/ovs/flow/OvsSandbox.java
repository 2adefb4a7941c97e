package io.rxhealth.ovs.flow;

import io.rxhealth.ovs.HostPrograms;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A private Open vSwitch (userspace datapath) in a temporary {@code rxh-ovs*} directory: its own
 * ovsdb-server, ovs-vswitchd, sockets, pid files and logs, never the system's /var/run/openvswitch.
 * ovs-vswitchd runs in a network namespace of its own ({@code rxhovs*}): the userspace datapath
 * creates a tap device named {@code ovs-netdev}, and a second ovs-vswitchd in the same namespace
 * (another sandbox, the stand's) fails to open its datapath ("Device or resource busy").
 * {@link #close()} deletes the bridge, kills both daemons by PID, deletes the namespace and
 * removes the directory.
 *
 * <p>A test class takes one with {@code @ExtendWith(OvsSandbox.PerTestClass.class)} and an
 * {@code OvsSandbox} constructor parameter; a load harness opens one in try-with-resources.
 */
public final class OvsSandbox implements AutoCloseable {
    /** The versions {@link #start()} gives the bridge. */
    public static final String ALL_PROTOCOLS = "OpenFlow10,OpenFlow13,OpenFlow14,OpenFlow15";
    private static final String INSTALL = "apt-get install -y openvswitch-switch";
    private static final Path SCHEMA = Path.of("/usr/share/openvswitch/vswitch.ovsschema");

    private final Path dir;
    private final String bridge;
    private final String netns;
    private final List<String> vswitchd;

    private OvsSandbox(Path dir, String bridge, String netns) {
        this.dir = dir;
        this.bridge = bridge;
        this.netns = netns;
        this.vswitchd = List.of(binary("ip"), "netns", "exec", netns, binary("ovs-vswitchd"),
                "unix:" + dir.resolve("db.sock"),
                "--pidfile=" + dir.resolve("vswitchd.pid"), "--unixctl=" + dir.resolve("vswitchd.ctl"),
                "--detach", "--log-file=" + dir.resolve("vswitchd.log"));
    }

    /** Starts ovsdb-server and ovs-vswitchd and adds a netdev bridge speaking OpenFlow 1.0-1.5. */
    public static OvsSandbox start() throws IOException, InterruptedException {
        for (String name : List.of("ovsdb-tool", "ovsdb-server", "ovs-vswitchd", "ovs-vsctl", "ovs-ofctl")) {
            binary(name);
        }
        HostPrograms.require("ip", "apt-get install -y iproute2");
        if (!Files.exists(SCHEMA)) {
            throw new IllegalStateException(SCHEMA + " not found (install: " + INSTALL + ")");
        }
        // A bridge of the netdev datapath is also a tap device: unique name, <= 15 characters.
        String id = HexFormat.of().toHexDigits((short) ThreadLocalRandom.current().nextInt());
        OvsSandbox ovs = new OvsSandbox(Files.createTempDirectory("rxh-ovs"), "rxhbr" + id, "rxhovs" + id);
        try {
            Path dir = ovs.dir;
            ovs.exec(binary("ip"), "netns", "add", ovs.netns);
            ovs.exec(binary("ovsdb-tool"), "create", dir.resolve("conf.db").toString(), SCHEMA.toString());
            ovs.exec(binary("ovsdb-server"), dir.resolve("conf.db").toString(), "--remote=punix:" + dir.resolve("db.sock"),
                    "--pidfile=" + dir.resolve("ovsdb.pid"), "--unixctl=" + dir.resolve("ovsdb.ctl"), "--detach",
                    "--log-file=" + dir.resolve("ovsdb.log"));
            ovs.vsctl("--no-wait", "init");
            ovs.exec(ovs.vswitchd.toArray(String[]::new));
            ovs.vsctl("add-br", ovs.bridge, "--", "set", "bridge", ovs.bridge, "datapath_type=netdev",
                    "protocols=" + ALL_PROTOCOLS);
            ovs.awaitSwitch();
            return ovs;
        } catch (IOException | InterruptedException | RuntimeException e) {
            ovs.close();
            throw e;
        }
    }

    /** What ovs-ofctl connects to: the bridge's management socket in the private run directory. */
    public String target() {
        return "unix:" + dir.resolve(bridge + ".mgmt");
    }

    public Path dir() {
        return dir;
    }

    /** Runs {@code ovs-ofctl --no-names -O OpenFlow14 ARGS} and returns its stdout; fails on non-zero exit. */
    public String ofctl(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(binary("ovs-ofctl"), "--no-names", "-O", "OpenFlow14"));
        command.addAll(List.of(args));
        return exec(command.toArray(String[]::new));
    }

    public long vswitchdPid() throws IOException {
        return pid("vswitchd.pid").orElseThrow(() -> new IllegalStateException("ovs-vswitchd is not running"));
    }

    /**
     * Sends ovs-vswitchd a signal by its PID ({@code STOP}, {@code CONT}, {@code KILL}): a hung or
     * crashed switch, as the LB node's fault tests need it. After {@code KILL}, {@link #restartVswitchd}
     * starts a new one.
     */
    public void signalVswitchd(String signal) throws IOException, InterruptedException {
        exec(binary("kill"), "-" + signal, Long.toString(vswitchdPid()));
    }

    /** Kills ovs-vswitchd by its PID (SIGTERM) and starts it again; its flows are gone, the bridge comes back. */
    public void restartVswitchd() throws IOException, InterruptedException {
        long before = vswitchdPid();
        kill("vswitchd.pid");
        exec(vswitchd.toArray(String[]::new));
        if (vswitchdPid() == before) {
            throw new IllegalStateException("ovs-vswitchd pid: " + before + " (expected: a new process)");
        }
        awaitSwitch();
    }

    /** Sets the OpenFlow versions the bridge allows, e.g. {@code OpenFlow10,OpenFlow13}. */
    public void protocols(String versions) throws IOException, InterruptedException {
        vsctl("set", "bridge", bridge, "protocols=" + versions);
    }

    @Override
    public void close() {
        try {
            if (pid("ovsdb.pid").isPresent()) {
                vsctl("--if-exists", "del-br", bridge);
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            // Keep tearing down: the daemons and the directory must go whatever the bridge did.
        }
        for (String pidFile : List.of("vswitchd.pid", "ovsdb.pid")) {
            try {
                kill(pidFile);
            } catch (IOException | InterruptedException | RuntimeException e) {
                // Same: try the next daemon.
            }
        }
        try {
            exec(binary("ip"), "netns", "delete", netns);
        } catch (IOException | InterruptedException | RuntimeException e) {
            // Not created (start failed early) or already gone: the directory still goes.
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot remove " + dir + ": " + e.getMessage(), e);
        }
    }

    private void vsctl(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(binary("ovs-vsctl"), "--db=unix:" + dir.resolve("db.sock"),
                "--timeout=10"));
        command.addAll(List.of(args));
        exec(command.toArray(String[]::new));
    }

    private void awaitSwitch() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (true) {
            try {
                ofctl("dump-flows", target(), "table=0");
                return;
            } catch (IllegalStateException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(50);
            }
        }
    }

    private void kill(String pidFile) throws IOException, InterruptedException {
        Optional<ProcessHandle> process = pid(pidFile).flatMap(ProcessHandle::of);
        if (process.isEmpty()) {
            return;
        }
        process.get().destroy();
        try {
            process.get().onExit().get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            process.get().destroyForcibly();
            process.get().onExit().join();
        }
        Files.deleteIfExists(dir.resolve(pidFile));
    }

    private Optional<Long> pid(String pidFile) throws IOException {
        Path file = dir.resolve(pidFile);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        String text = Files.readString(file, StandardCharsets.US_ASCII).strip();
        return text.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(text));
    }

    private String exec(String... command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command);
        // Control sockets, logs and the database of every OVS tool go to the private directory.
        builder.environment().put("OVS_RUNDIR", dir.toString());
        builder.environment().put("OVS_LOGDIR", dir.toString());
        builder.environment().put("OVS_DBDIR", dir.toString());
        Path out = Files.createTempFile(dir, "exec", ".out");
        Path err = Files.createTempFile(dir, "exec", ".err");
        // Files, not pipes: a --detach daemon inherits them and would keep a pipe open forever.
        Process process = builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + ": no exit within 30 s");
            }
            String stdout = Files.readString(out);
            if (process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + ": exit " + process.exitValue() + ": "
                        + Files.readString(err).strip());
            }
            return stdout;
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static String binary(String name) {
        return HostPrograms.require(name, INSTALL);
    }

    /**
     * Gives every test of a class the same sandbox, started at the first constructor that asks for
     * it and closed when the class is done, whether its tests passed, failed or never ran (JUnit
     * closes what its class-level store holds). A nested class, not {@code OvsSandbox} itself: the
     * load harnesses run without JUnit on the class path, and loading this class is what needs it.
     */
    public static final class PerTestClass implements ParameterResolver {
        private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(OvsSandbox.class);

        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == OvsSandbox.class;
        }

        @Override
        public OvsSandbox resolveParameter(ParameterContext parameter, ExtensionContext context) {
            ExtensionContext testClass = context;
            while (testClass.getTestMethod().isPresent()) {
                testClass = testClass.getParent().orElseThrow();
            }
            return testClass.getStore(NAMESPACE).computeIfAbsent(OvsSandbox.class, k -> {
                try {
                    return start();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while starting the OVS sandbox", e);
                }
            }, OvsSandbox.class);
        }
    }
}
