package io.rxhealth.checks.postgres;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private PostgreSQL server for the tests, from Debian's {@code postgresql} package: its own
 * cluster in a temp dir, on a free loopback port, run as {@code nobody} (initdb refuses root),
 * never the system service. {@link #close()} stops it (by its PID) and removes the directory; call
 * it in a finally or {@code @AfterAll}. Roles: {@code postgres} (trust over the private unix
 * socket) and {@code rx} with password {@link #PASSWORD} over TCP (SCRAM).
 */
public final class PostgresServer implements AutoCloseable {
    public static final String BIN = "/usr/lib/postgresql/15/bin";
    public static final String USER = "rx";
    public static final String PASSWORD = "rx-secret-7f3a";
    private static final String NOBODY = "65534";

    private final Path dir;
    private final Path data;
    private final int port;
    private Process process;

    private PostgresServer(Path dir, int port) {
        this.dir = dir;
        this.data = dir.resolve("data");
        this.port = port;
    }

    /** A fresh primary with the {@code rx} role and database {@code rx}. */
    public static PostgresServer primary() throws IOException, InterruptedException {
        requireBinaries();
        PostgresServer s = new PostgresServer(privateDir(), freePort());
        try {
            Path pw = s.dir.resolve("pwfile");
            Files.writeString(pw, PASSWORD + "\n");
            chownNobody(pw);
            s.asNobody(List.of(BIN + "/initdb", "-D", s.data.toString(), "-U", "postgres", "-E", "UTF8",
                    "--auth-local=trust", "--auth-host=scram-sha-256", "--pwfile=" + pw, "--no-sync"), 60);
            s.start();
            s.psql("CREATE ROLE rx LOGIN PASSWORD '" + PASSWORD + "'");
            s.psql("CREATE DATABASE rx OWNER rx");
            return s;
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            s.close();
            throw e;
        }
    }

    /** A standby of {@code primary}: {@code pg_basebackup -R}, started on a port of its own. */
    public static PostgresServer standbyOf(PostgresServer primary) throws IOException, InterruptedException {
        PostgresServer s = new PostgresServer(privateDir(), freePort());
        try {
            s.asNobody(List.of("env", "PGPASSWORD=" + PASSWORD, BIN + "/pg_basebackup", "-h", "127.0.0.1",
                    "-p", Integer.toString(primary.port), "-U", "postgres", "-D", s.data.toString(), "-R",
                    "-X", "stream", "-c", "fast", "--no-sync"), 60);
            s.start();
            return s;
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            s.close();
            throw e;
        }
    }

    public int port() {
        return port;
    }

    public String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    public long pid() {
        return process.pid();
    }

    /** Starts the server and waits until it accepts connections. */
    public void start() throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(setpriv());
        cmd.addAll(List.of(BIN + "/postgres", "-D", data.toString(), "-p", Integer.toString(port),
                "-k", dir.toString(), "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off",
                "-c", "shared_buffers=16MB", "-c", "max_connections=30", "-c", "logging_collector=off"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("server.log").toFile()));
        process = pb.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("postgres exited with " + process.exitValue() + ": " + log());
            }
            Process ready = new ProcessBuilder(BIN + "/pg_isready", "-q", "-h", "127.0.0.1", "-p",
                    Integer.toString(port)).start();
            if (ready.waitFor(10, TimeUnit.SECONDS) && ready.exitValue() == 0) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("postgres not ready within 60 s: " + log());
    }

    /** Fast shutdown (SIGINT), waiting for the process to end. */
    public void stop() throws InterruptedException, IOException {
        if (process == null || !process.isAlive()) {
            return;
        }
        signal("CONT");
        signal("INT");
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** SIGSTOP: the kernel still accepts connections, the server answers nothing. */
    public void pause() throws IOException, InterruptedException {
        signal("STOP");
    }

    public void resume() throws IOException, InterruptedException {
        signal("CONT");
    }

    /** Runs SQL as the superuser over the private unix socket. */
    public String psql(String sql) throws IOException, InterruptedException {
        return run(List.of(BIN + "/psql", "-X", "-q", "-t", "-A", "-h", dir.toString(), "-p", Integer.toString(port),
                "-U", "postgres", "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-c", sql), 30);
    }

    private void signal(String name) throws IOException, InterruptedException {
        if (process != null && process.isAlive()) {
            new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start()
                    .waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Override
    public void close() {
        try {
            stop();
        } catch (IOException | InterruptedException e) {
            if (process != null) {
                process.destroyForcibly();
            }
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A temp dir left behind is not worth failing the test run for.
        }
    }

    public String log() {
        try {
            String text = Files.readString(dir.resolve("server.log"));
            return text.length() > 2000 ? text.substring(text.length() - 2000) : text;
        } catch (IOException e) {
            return "(no log)";
        }
    }

    private String asNobody(List<String> command, int seconds) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(setpriv());
        cmd.addAll(command);
        return run(cmd, seconds);
    }

    private static List<String> setpriv() {
        return List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups", "--");
    }

    private String run(List<String> command, int seconds) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).directory(dir.toFile()).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(seconds, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " failed: "
                    + new String(out, StandardCharsets.UTF_8));
        }
        return new String(out, StandardCharsets.UTF_8).trim();
    }

    private static void requireBinaries() {
        if (!Files.isExecutable(Path.of(BIN, "postgres")) || !Files.isExecutable(Path.of(BIN, "pg_basebackup"))) {
            throw new IllegalStateException("PostgreSQL 15 server binaries not found under " + BIN
                    + " (install them: apt-get install -y postgresql)");
        }
    }

    private static Path privateDir() throws IOException {
        Path d = Files.createTempDirectory("rxh-pg-");
        chownNobody(d);
        return d;
    }

    private static void chownNobody(Path p) throws IOException {
        Files.setAttribute(p, "unix:uid", Integer.parseInt(NOBODY));
        Files.setAttribute(p, "unix:gid", Integer.parseInt(NOBODY));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
