package io.rxhealth.agent.haproxy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * One backend node behind HAProxy, all on 127.0.0.1 with free ports, in a temp dir {@code rxh*}:
 * a 16 MiB tmpfs the agent's disk check watches, a tiny HTTP backend for HAProxy's regular
 * {@code check}, the agent process and HAProxy. {@link #close()} stops and removes all of it.
 */
final class HaproxyStand implements AutoCloseable {
    static final String BACKEND = "be_app";
    static final String SERVER = "s1";
    /** The same node behind HAProxy's default {@code weight 1}, to show what that does to percentages. */
    static final String WEIGHT_ONE_BACKEND = "be_weight1";
    static final String WEIGHT_ONE_SERVER = "w1";
    static final Duration READY_INTERVAL = Duration.ofSeconds(3);

    private final List<Step> cleanup = new ArrayList<>();
    private Path dir;
    private Tmpfs tmpfs;
    private AgentProcess agent;
    private HaproxyProcess haproxy;

    /** YAML lines added under {@code checks:} (indented two spaces), beside the disk check. */
    private final String extraChecks;

    private HaproxyStand(String extraChecks) {
        this.extraChecks = extraChecks;
    }

    static HaproxyStand start() throws Exception {
        return start("");
    }

    /** A stand whose agent also runs {@code extraChecks}, YAML lines under {@code checks:}. */
    static HaproxyStand start(String extraChecks) throws Exception {
        HaproxyStand stand = new HaproxyStand(extraChecks);
        try {
            stand.startAll();
        } catch (Exception | Error e) {
            try {
                stand.close();
            } catch (IOException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
        return stand;
    }

    private void startAll() throws Exception {
        requireRoot();
        dir = Files.createTempDirectory("rxh").toRealPath();
        cleanup.add(0, () -> deleteTree(dir));
        tmpfs = Tmpfs.mount(dir.resolve("fs"), 16);
        cleanup.add(0, tmpfs::close);
        Files.createDirectories(stateDir());

        HttpServer backend = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        backend.createContext("/", exchange -> {
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        backend.start();
        cleanup.add(0, () -> backend.stop(0));

        int agentPort = freePort();
        int statusPort = freePort();
        agent = AgentProcess.start(dir, agentConfig(agentPort, statusPort),
                URI.create("http://127.0.0.1:" + statusPort + "/status"));
        cleanup.add(0, agent::close);
        Path socket = dir.resolve("admin.sock");
        haproxy = HaproxyProcess.start(dir, haproxyConfig(socket, backend.getAddress().getPort(), agentPort), socket);
        cleanup.add(0, haproxy::close);
    }

    private String agentConfig(int agentPort, int statusPort) {
        // Fast timings; the disk check only (CPU and load could flap on a busy CI machine). The
        // check timeout is generous for the same reason: on a starved machine one statvfs has
        // taken over 1 s, and with fall 1 a single UNKNOWN would say down.
        return """
                listen: { address: 127.0.0.1, port: %d, socket: bind }
                status: { address: 127.0.0.1, port: %d }
                state-dir: %s
                interval: 200ms
                check-timeout: 3s
                rise: 1
                fall: 1
                hold: 0s
                recovery: { window: 4s, steps: [25, 50] }
                ready-interval: %ds
                checks:
                  disk:
                    - { path: %s, warn: 40%%, crit: 80%%, on-warn: 50%%, on-crit: down }
                """.formatted(agentPort, statusPort, stateDir(), READY_INTERVAL.toSeconds(), tmpfs.dir()) + extraChecks;
    }

    private static String haproxyConfig(Path socket, int backendPort, int agentPort) {
        // be_app as docs/haproxy.md says: weight 100, timeout check, no slowstart (the agent owns the
        // ramp). be_weight1 is the mistake the doc warns of: the same node left at weight 1.
        return """
                global
                    stats socket %s mode 600 level admin
                defaults
                    mode http
                    timeout connect 1s
                    timeout client 5s
                    timeout server 5s
                    timeout check 1s
                backend %s
                    balance roundrobin
                    option httpchk GET /
                    server %s 127.0.0.1:%d weight 100 check inter 500ms agent-check agent-port %d agent-inter 500ms
                backend %s
                    balance roundrobin
                    option httpchk GET /
                    server %s 127.0.0.1:%d weight 1 check inter 500ms agent-check agent-port %d agent-inter 500ms
                """.formatted(socket, BACKEND, SERVER, backendPort, agentPort, WEIGHT_ONE_BACKEND, WEIGHT_ONE_SERVER,
                backendPort, agentPort);
    }

    Tmpfs tmpfs() {
        return tmpfs;
    }

    AgentProcess agent() {
        return agent;
    }

    HaproxyAdmin admin() {
        return haproxy.admin();
    }

    /** The node in {@code be_app}, at weight 100. */
    ServerState server() throws IOException {
        return haproxy.admin().serverState(BACKEND, SERVER);
    }

    /** The node in {@code be_weight1}, at HAProxy's default weight 1. */
    ServerState weightOneServer() throws IOException {
        return haproxy.admin().serverState(WEIGHT_ONE_BACKEND, WEIGHT_ONE_SERVER);
    }

    /** The agent's state dir, where the {@code drain} and {@code maint} marker files go. */
    Path stateDir() {
        return dir.resolve("state");
    }

    /** Both processes' output, for a failure report. */
    String logs() throws IOException {
        return "---- agent.log\n" + (agent == null ? "" : agent.log())
                + "\n---- haproxy.log\n" + (haproxy == null ? "" : haproxy.log());
    }

    @Override
    public void close() throws IOException {
        // Every step runs even if an earlier one fails (a tmpfs must not stay mounted); the first
        // failure is reported.
        IOException failure = null;
        for (Step step : cleanup) {
            try {
                step.close();
            } catch (IOException e) {
                failure = failure == null ? e : failure;
            }
        }
        cleanup.clear();
        if (failure != null) {
            throw failure;
        }
    }

    /** One piece to stop or remove. */
    private interface Step {
        void close() throws IOException;
    }

    private static void requireRoot() throws IOException {
        // /proc/self belongs to the uid of the process looking at it.
        Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        if (!Integer.valueOf(0).equals(uid)) {
            throw new IllegalStateException("uid " + uid + " (expected: 0; mounting the test tmpfs needs root,"
                    + " run the build as root as CI does)");
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
