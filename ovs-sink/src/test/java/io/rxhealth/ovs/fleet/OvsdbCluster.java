package io.rxhealth.ovs.fleet;

import io.rxhealth.ovs.HostPrograms;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbRemote;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.awaitility.Awaitility;

/**
 * A real 3-server clustered ovsdb-server serving the fleet schema, in a temp dir named {@code rxh-*}:
 * Raft between the servers on 127.0.0.1 ports, clients on one unix socket per server. Servers are
 * stopped by the PID in their pidfile, never by name; {@link #close} stops them all and removes the
 * dir, also after a failed start.
 */
public final class OvsdbCluster implements AutoCloseable {
    public static final String DATABASE = "RxHealth_Fleet";
    private static final String INSTALL = "apt-get install -y openvswitch-switch";

    private final Path dir;
    private final String ovsdbTool;
    private final String ovsdbServer;
    private final String ovsdbClient;
    private final String ovsAppctl;
    private final List<String> raftAddresses = new ArrayList<>();
    private final int size;

    private OvsdbCluster(int size) throws IOException {
        this.size = size;
        this.ovsdbTool = HostPrograms.require("ovsdb-tool", INSTALL);
        this.ovsdbServer = HostPrograms.require("ovsdb-server", INSTALL);
        this.ovsdbClient = HostPrograms.require("ovsdb-client", INSTALL);
        this.ovsAppctl = HostPrograms.require("ovs-appctl", INSTALL);
        this.dir = Files.createTempDirectory("rxh-ovsdb-");
    }

    /** Creates the cluster on server 0, joins servers 1 and 2, starts all three and waits until each is connected. */
    public static OvsdbCluster start() throws Exception {
        var cluster = new OvsdbCluster(3);
        try {
            cluster.create();
            return cluster;
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    private void create() throws Exception {
        Path schema = dir.resolve("fleet.ovsschema");
        try (InputStream in = FleetSchema.open()) {
            Files.copy(in, schema);
        }
        for (int i = 0; i < size; i++) {
            raftAddresses.add("tcp:127.0.0.1:" + freePort());
        }
        run(ovsdbTool, "create-cluster", db(0).toString(), schema.toString(), raftAddresses.get(0));
        for (int i = 1; i < size; i++) {
            run(ovsdbTool, "join-cluster", db(i).toString(), DATABASE, raftAddresses.get(i), raftAddresses.get(0));
        }
        for (int i = 0; i < size; i++) {
            startServer(i);
        }
        for (int i = 0; i < size; i++) {
            awaitConnected(i);
        }
    }

    public int size() {
        return size;
    }

    /** The client remote of server {@code i}. */
    public OvsdbRemote remote(int i) {
        return new OvsdbRemote("unix:" + socket(i));
    }

    public List<OvsdbRemote> remotes() {
        List<OvsdbRemote> remotes = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            remotes.add(remote(i));
        }
        return remotes;
    }

    /** Starts (or restarts) server {@code i} on its existing database file. */
    public void startServer(int i) throws Exception {
        run(ovsdbServer, db(i).toString(), "--remote=punix:" + socket(i), "--pidfile=" + pidfile(i),
                "--unixctl=" + dir.resolve("s" + i + ".ctl"), "--log-file=" + dir.resolve("s" + i + ".log"),
                "--detach", "--no-chdir");
    }

    /** Waits until server {@code i} is in contact with the cluster majority. */
    public void awaitConnected(int i) throws Exception {
        run(ovsdbClient, "--timeout=30", "wait", "unix:" + socket(i), DATABASE, "connected");
    }

    /** The index of the current Raft leader, as the servers' cluster/status say. */
    public int leader() {
        int[] leader = {-1};
        // An election takes a few hundred ms and the servers offer no event to wait on: poll them.
        Awaitility.await("a Raft leader (logs in " + dir + ")").atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100)).until(() -> {
                    for (int i = 0; i < size; i++) {
                        if (isRunning(i) && status(i).contains("Role: leader")) {
                            leader[0] = i;
                            return true;
                        }
                    }
                    return false;
                });
        return leader[0];
    }

    public String status(int i) throws Exception {
        return run(ovsAppctl, "-t", dir.resolve("s" + i + ".ctl").toString(), "cluster/status", DATABASE);
    }

    /** SIGKILL to server {@code i}, by its PID: a crash, not a clean leave. */
    public void kill(int i) throws Exception {
        long pid = pid(i);
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        ProcessHandle.of(pid).ifPresent(p -> p.onExit().join());
        Files.deleteIfExists(pidfile(i));
        Files.deleteIfExists(socket(i));
    }

    public boolean isRunning(int i) throws IOException {
        return Files.exists(pidfile(i)) && ProcessHandle.of(pid(i)).map(ProcessHandle::isAlive).orElse(false);
    }

    /** The PID in server {@code i}'s pidfile. */
    public long pid(int i) throws IOException {
        return Long.parseLong(Files.readString(pidfile(i)).trim());
    }

    private Path db(int i) {
        return dir.resolve("s" + i + ".db");
    }

    private Path socket(int i) {
        return dir.resolve("s" + i + ".sock");
    }

    private Path pidfile(int i) {
        return dir.resolve("s" + i + ".pid");
    }

    private String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + ": exit " + p.exitValue() + ": " + out);
        }
        return out;
    }

    private static int freePort() throws IOException {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() throws Exception {
        for (int i = 0; i < size; i++) {
            if (Files.exists(pidfile(i))) {
                long pid = pid(i);
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
                ProcessHandle.of(pid).ifPresent(p -> p.onExit().orTimeout(10, TimeUnit.SECONDS).exceptionally(t -> {
                    p.destroyForcibly();
                    return p;
                }).join());
            }
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
