package io.rxhealth.ovs.health;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The Debian HAProxy binary run in the foreground ({@code -db}) as a child of the test, with its
 * runtime API on a unix socket in the test's directory. {@link #close()} stops that one process by
 * its PID.
 */
final class HaproxyRuntime implements AutoCloseable {
    static final Path BINARY = Path.of("/usr/sbin/haproxy");
    private static final String INSTALL = "apt-get install -y haproxy (Debian 12 ships 2.6)";

    private final Process process;
    private final Path socket;
    private final Path log;

    private HaproxyRuntime(Process process, Path socket, Path log) {
        this.process = process;
        this.socket = socket;
        this.log = log;
    }

    /** The {@code haproxy -v} first line; fails with how to install it when it is missing or not 2.6. */
    static String requireVersion26() throws IOException, InterruptedException {
        if (!Files.isExecutable(BINARY)) {
            throw new IllegalStateException("haproxy not found at " + BINARY + ": " + INSTALL);
        }
        Process p = new ProcessBuilder(BINARY.toString(), "-v").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        String first = out.lines().findFirst().orElse("");
        if (!first.startsWith("HAProxy version 2.6.")) {
            throw new IllegalStateException("haproxy: " + first + " (expected: HAProxy version 2.6.x: " + INSTALL + ")");
        }
        return first;
    }

    /** Writes {@code config} (with {@code %SOCKET%} for the admin socket), checks it, starts it. */
    static HaproxyRuntime start(Path dir, String config) throws IOException, InterruptedException {
        Path socket = dir.resolve("admin.sock");
        Path cfg = dir.resolve("haproxy.cfg");
        Files.writeString(cfg, config.replace("%SOCKET%", socket.toString()), StandardCharsets.UTF_8);
        Path log = dir.resolve("haproxy.log");
        Process check = new ProcessBuilder(BINARY.toString(), "-c", "-q", "-f", cfg.toString())
                .redirectErrorStream(true).start();
        String checkOut = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!check.waitFor(10, TimeUnit.SECONDS) || check.exitValue() != 0) {
            check.destroyForcibly();
            throw new IOException("haproxy -c: " + checkOut.strip());
        }
        Process process = new ProcessBuilder(BINARY.toString(), "-f", cfg.toString(), "-db")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        HaproxyRuntime haproxy = new HaproxyRuntime(process, socket, log);
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            if (!process.isAlive()) {
                throw new IOException("haproxy exited with " + process.exitValue() + ": " + haproxy.log());
            }
            try {
                if (haproxy.command("show info").contains("Name: HAProxy")) {
                    return haproxy;
                }
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    haproxy.close();
                    throw new IOException("haproxy: admin socket " + socket + " not answering within 10s: "
                            + e.getMessage() + ": " + haproxy.log(), e);
                }
            }
            Thread.sleep(50);
        }
    }

    /** One command per connection: HAProxy answers and closes. */
    String command(String command) throws IOException {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            channel.write(ByteBuffer.wrap((command + "\n").getBytes(StandardCharsets.US_ASCII)));
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
            while (channel.read(buffer) >= 0) {
                answer.write(buffer.array(), 0, buffer.position());
                buffer.clear();
            }
            return answer.toString(StandardCharsets.UTF_8);
        }
    }

    /** A command that answers nothing when it succeeds ({@code set server ... state drain}). */
    void run(String command) throws IOException {
        String answer = command(command).strip();
        if (!answer.isEmpty()) {
            throw new IOException(command + ": " + answer);
        }
    }

    /** {@code show servers state <backend>}, by server name. */
    Map<String, Server> servers(String backend) throws IOException {
        Map<String, Server> servers = new TreeMap<>();
        for (String line : command("show servers state " + backend).split("\n")) {
            String[] f = line.strip().split(" ");
            if (line.startsWith("#") || f.length < 9) {
                continue;
            }
            servers.put(f[3], new Server(Integer.parseInt(f[5]), Integer.parseInt(f[6]), Integer.parseInt(f[7])));
        }
        return servers;
    }

    String log() throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /**
     * One server of {@code show servers state}.
     *
     * @param opState    {@code srv_op_state}: 0 stopped, 1 starting, 2 running, 3 stopping
     * @param adminState {@code srv_admin_state} flags: 0x01 forced maint (agent or CLI), 0x08 forced drain
     * @param userWeight {@code srv_uweight}: the weight the agent (or the CLI) last set
     */
    record Server(int opState, int adminState, int userWeight) {
    }
}
