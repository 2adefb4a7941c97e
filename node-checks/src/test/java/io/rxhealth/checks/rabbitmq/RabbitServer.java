package io.rxhealth.checks.rabbitmq;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private RabbitMQ node for the tests, from Debian's {@code rabbitmq-server} package: its own
 * node name, ports, Mnesia and log directories, config, plugin list, HOME and Erlang cookie in a
 * temp dir, on loopback; never the system service (epmd may be shared). {@link #close()} stops it
 * by PID and removes the directory. User {@link #USER}/{@link #PASSWORD}; the management plugin is
 * enabled on {@link #managementPort()}.
 */
public final class RabbitServer implements AutoCloseable {
    public static final String SERVER = "/usr/lib/rabbitmq/bin/rabbitmq-server";
    public static final String CTL = "/usr/lib/rabbitmq/bin/rabbitmqctl";
    public static final String USER = "rx";
    public static final String PASSWORD = "rx-amqp-secret-91c2";

    private final Path dir;
    private final String node;
    private final int port;
    private final int managementPort;
    private final Map<String, String> env;
    private Process script;

    private RabbitServer(Path dir, int port, int distPort, int managementPort) {
        this.dir = dir;
        this.port = port;
        this.managementPort = managementPort;
        this.node = "rxh-" + UUID.randomUUID().toString().substring(0, 8) + "@localhost";
        this.env = Map.of("HOME", dir.resolve("home").toString(), "RABBITMQ_NODENAME", node,
                "RABBITMQ_NODE_PORT", Integer.toString(port), "RABBITMQ_DIST_PORT", Integer.toString(distPort),
                "RABBITMQ_NODE_IP_ADDRESS", "127.0.0.1",
                "RABBITMQ_MNESIA_BASE", dir.resolve("mnesia").toString(),
                "RABBITMQ_LOG_BASE", dir.resolve("log").toString(),
                "RABBITMQ_CONFIG_FILE", dir.resolve("rabbitmq.conf").toString(),
                "RABBITMQ_ENABLED_PLUGINS_FILE", dir.resolve("enabled_plugins").toString(),
                // A VM that fails to start writes its crash dump here, not into the build's directory.
                "ERL_CRASH_DUMP", dir.resolve("erl_crash.dump").toString());
    }

    public static RabbitServer start() throws IOException, InterruptedException {
        if (!Files.isExecutable(Path.of(SERVER)) || !Files.isExecutable(Path.of(CTL))) {
            throw new IllegalStateException("RabbitMQ server not found at " + SERVER
                    + " (install it: apt-get install -y rabbitmq-server)");
        }
        // The free ports are found by binding port 0, so they come from the ephemeral range: an
        // outgoing connection of another process can take one before the broker binds it. Fresh
        // ports then, a few times, rather than a failed test class.
        for (int attempt = 1; ; attempt++) {
            try {
                return startOnce();
            } catch (IllegalStateException e) {
                if (attempt == 3 || !portTaken(e.getMessage())) {
                    throw e;
                }
            }
        }
    }

    private static boolean portTaken(String failure) {
        return failure != null && (failure.contains("already_used") || failure.contains("eaddrinuse"));
    }

    private static RabbitServer startOnce() throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("rxh-rmq-");
        RabbitServer s = new RabbitServer(dir, freePort(), freePort(), freePort());
        try {
            Files.createDirectories(dir.resolve("home"));
            Files.createDirectories(dir.resolve("mnesia"));
            Files.createDirectories(dir.resolve("log"));
            Path cookie = dir.resolve("home").resolve(".erlang.cookie");
            Files.writeString(cookie, "RXH" + UUID.randomUUID().toString().replace("-", "").toUpperCase());
            Files.setPosixFilePermissions(cookie, PosixFilePermissions.fromString("r--------"));
            Files.writeString(dir.resolve("rabbitmq.conf"), String.join("\n",
                    "listeners.tcp.default = 127.0.0.1:" + s.port,
                    "loopback_users = none",
                    "default_user = " + USER,
                    "default_pass = " + PASSWORD,
                    "disk_free_limit.absolute = 1MB",
                    "log.console = false",
                    "management.tcp.ip = 127.0.0.1",
                    "management.tcp.port = " + s.managementPort,
                    "") );
            // The management plugin for its health-check endpoints (default_user has the administrator tag).
            Files.writeString(dir.resolve("enabled_plugins"), "[rabbitmq_management].\n");
            s.launch();
            return s;
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            s.close();
            throw e;
        }
    }

    public int port() {
        return port;
    }

    /** The management plugin's HTTP port (loopback). */
    public int managementPort() {
        return managementPort;
    }

    /** Starts the node (again, after {@link #stop()}: same data) and waits for its AMQP listener. */
    public void launch() throws IOException, InterruptedException {
        Path log = dir.resolve("log").resolve(node + ".log");
        long before = Files.exists(log) ? Files.size(log) : 0;
        ProcessBuilder pb = new ProcessBuilder(SERVER).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("server.out").toFile()));
        pb.environment().putAll(env);
        script = pb.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (!script.isAlive()) {
                throw new IllegalStateException("rabbitmq-server exited with " + script.exitValue() + ": " + out());
            }
            if (Files.exists(log)) {
                byte[] all = Files.readAllBytes(log);
                String fresh = new String(all, (int) Math.min(before, all.length), all.length
                        - (int) Math.min(before, all.length), StandardCharsets.UTF_8);
                if (fresh.contains("Server startup complete")) {
                    return;
                }
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("rabbitmq-server not up within 120 s: " + out());
    }

    /** The Erlang VM's PID (the script's child). */
    public long beamPid() {
        Optional<ProcessHandle> beam = script.descendants()
                .filter(p -> p.info().command().map(c -> c.endsWith("beam.smp")).orElse(false)).findFirst();
        return beam.orElseThrow(() -> new IllegalStateException("no beam.smp under " + script.pid())).pid();
    }

    /**
     * SIGSTOP to this node's VM (by its PID), returning once every one of its threads has stopped
     * (kill returns before they all have, and a scheduler thread may still answer a request): the
     * broker hangs, its sockets stay open.
     */
    public void pause() throws IOException, InterruptedException {
        long pid = beamPid();
        signal("STOP");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!allStopped(pid)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("beam.smp " + pid + " did not stop within 10 s");
            }
            Thread.sleep(5);
        }
    }

    private static boolean allStopped(long pid) throws IOException {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            return tasks.allMatch(t -> {
                try {
                    String stat = Files.readString(t.resolve("stat"));
                    // The state follows the command's closing parenthesis: T (stopped) or t (traced).
                    char state = stat.charAt(stat.lastIndexOf(')') + 2);
                    return state == 'T' || state == 't';
                } catch (IOException e) {
                    return true; // a thread that ended is not running either
                }
            });
        }
    }

    /** SIGCONT to this node's VM. */
    public void resume() throws IOException, InterruptedException {
        signal("CONT");
    }

    private void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(beamPid())).inheritIO().start();
        if (!kill.waitFor(5, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            throw new IllegalStateException("kill -" + name + " " + beamPid() + " failed");
        }
    }

    /** Stops the node: SIGTERM to its VM (an orderly shutdown), waiting for the script to end. */
    public void stop() throws InterruptedException, IOException {
        if (script == null || !script.isAlive()) {
            return;
        }
        List<ProcessHandle> tree = Stream.concat(Stream.of(script.toHandle()), script.descendants()).toList();
        for (ProcessHandle p : tree) {
            if (p.info().command().map(c -> c.endsWith("beam.smp")).orElse(false)) {
                new ProcessBuilder("kill", "-CONT", Long.toString(p.pid())).start().waitFor(5, TimeUnit.SECONDS);
                p.destroy();
            }
        }
        if (!script.waitFor(60, TimeUnit.SECONDS)) {
            tree.forEach(ProcessHandle::destroyForcibly);
            script.waitFor(10, TimeUnit.SECONDS);
        }
        // erl_child_setup and the like end with the VM; whatever is left of this tree goes now.
        tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    /** {@code rabbitmqctl -n <this node> args...}; slow (an Erlang VM per call). */
    public String ctl(String... args) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of(CTL, "-n", node));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", cmd) + " failed: " + new String(out, StandardCharsets.UTF_8));
        }
        return new String(out, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        try {
            stop();
        } catch (IOException | InterruptedException e) {
            if (script != null) {
                script.descendants().forEach(ProcessHandle::destroyForcibly);
                script.destroyForcibly();
            }
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A temp dir left behind is not worth failing the test run for.
        }
    }

    private String out() {
        try {
            String text = Files.readString(dir.resolve("server.out"));
            return text.length() > 2000 ? text.substring(text.length() - 2000) : text;
        } catch (IOException e) {
            return "(no output)";
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
