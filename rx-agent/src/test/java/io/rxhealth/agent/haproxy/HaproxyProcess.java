package io.rxhealth.agent.haproxy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The Debian HAProxy binary run in the foreground ({@code -db}) as a child of the test, with its
 * output in {@code haproxy.log}. {@link #close()} stops that one process by its PID.
 */
final class HaproxyProcess implements AutoCloseable {
    static final Path BINARY = Path.of("/usr/sbin/haproxy");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(10);

    private final Process process;
    private final Path log;
    private final HaproxyAdmin admin;

    private HaproxyProcess(Process process, Path log, HaproxyAdmin admin) {
        this.process = process;
        this.log = log;
        this.admin = admin;
    }

    /**
     * Writes {@code config} to {@code dir/haproxy.cfg}, checks it with {@code haproxy -c}, starts
     * HAProxy and waits until it answers on {@code adminSocket}.
     */
    static HaproxyProcess start(Path dir, String config, Path adminSocket) throws IOException, InterruptedException {
        if (!Files.isExecutable(BINARY)) {
            throw new IllegalStateException("haproxy not found: apt-get install -y haproxy (expected: " + BINARY + ")");
        }
        Path cfg = dir.resolve("haproxy.cfg");
        Files.writeString(cfg, config, StandardCharsets.UTF_8);
        Commands.check(Duration.ofSeconds(10), List.of(BINARY.toString(), "-c", "-q", "-f", cfg.toString()));
        Path log = dir.resolve("haproxy.log");
        Process process = new ProcessBuilder(BINARY.toString(), "-f", cfg.toString(), "-db")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        HaproxyProcess haproxy = new HaproxyProcess(process, log, new HaproxyAdmin(adminSocket));
        try {
            haproxy.awaitAdminSocket();
        } catch (IOException | RuntimeException | InterruptedException e) {
            haproxy.close();
            throw e;
        }
        return haproxy;
    }

    HaproxyAdmin admin() {
        return admin;
    }

    String log() throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    }

    private void awaitAdminSocket() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        IOException last = null;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("haproxy exited with " + process.exitValue() + ": " + log());
            }
            try {
                if (admin.command("show info").contains("Name: HAProxy")) {
                    return;
                }
            } catch (IOException e) {
                last = e;
            }
            Thread.sleep(50);
        }
        throw new IOException("haproxy: admin socket not answering within " + START_TIMEOUT + " ("
                + (last == null ? "no answer" : last.getMessage()) + "): " + log());
    }

    @Override
    public void close() {
        Processes.stop(process, Duration.ofSeconds(5));
    }
}
