package io.rxhealth.agent.scenarios;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private podman serving the Docker Engine API on a unix socket: its own storage, state, locks
 * and socket under one {@code rxh-podman-*} temp dir, a busybox image imported without any
 * registry, all of it removed on {@link #close()}. Mirrors node-checks' {@code PodmanService}
 * (test sources of another module cannot be shared); containers are driven with the podman CLI,
 * as an operator would. Needs root and {@code apt-get install -y podman runc busybox-static}.
 */
final class Podman implements AutoCloseable {
    static final String IMAGE = "localhost/rxh-scenario:1";
    private static final String INSTALL = "apt-get install -y podman runc busybox-static";

    private final Path dir;
    private final String podman;
    private Process service;

    private Podman(Path dir, String podman) {
        this.dir = dir;
        this.podman = podman;
    }

    /** Builds the image, starts {@code podman system service} and waits until it answers. */
    static Podman start() throws Exception {
        String podman = executable("podman");
        executable("runc");
        String busybox = executable("busybox");
        Podman started = new Podman(Files.createTempDirectory("rxh-podman-"), podman);
        try {
            started.writeConfig();
            started.importImage(busybox);
            started.serve();
            return started;
        } catch (Exception | AssertionError e) {
            try {
                started.close();
            } catch (Exception cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    /** The Docker host as the agent's config takes it. */
    String host() {
        return "unix://" + socket();
    }

    /** Runs the podman CLI on the same storage as the service; returns its output. */
    String cli(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(podman, "--root", dir.resolve("root").toString(),
                "--runroot", dir.resolve("runroot").toString()));
        command.addAll(List.of(args));
        Process process = processBuilder(command).redirectErrorStream(true).start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("podman " + String.join(" ", args) + ": no exit within 60 s");
        }
        String output = new String(process.getInputStream().readAllBytes(), UTF_8);
        if (process.exitValue() != 0) {
            throw new IOException("podman " + String.join(" ", args) + ": exit " + process.exitValue() + ": "
                    + output.strip());
        }
        return output;
    }

    @Override
    public void close() throws IOException {
        try {
            if (service != null && service.isAlive()) {
                service.destroy();
                if (!service.waitFor(10, TimeUnit.SECONDS)) {
                    service.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            }
            // Stops and removes every container and image of this root and unmounts overlays.
            cli("system", "reset", "--force");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("podman cleanup in " + dir + " interrupted");
        } finally {
            unmountLeftovers();
            try (Stream<Path> paths = Files.walk(dir)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(path);
                }
            }
        }
    }

    private Path socket() {
        return dir.resolve("podman.sock");
    }

    private void writeConfig() throws IOException {
        // Locks and per-boot state under our dir, not the host-wide /dev/shm/libpod_lock and
        // /run/libpod: other podman users on the machine stay untouched, also by `system reset`.
        Files.writeString(dir.resolve("containers.conf"), String.join("\n",
                "[containers]",
                "default_ulimits = [\"nofile=1024:1024\", \"nproc=1024:1024\"]",
                "netns = \"none\"",
                "log_driver = \"k8s-file\"",
                "[engine]",
                "cgroup_manager = \"cgroupfs\"",
                "events_logger = \"file\"",
                "runtime = \"runc\"",
                "lock_type = \"file\"",
                "tmp_dir = \"" + dir.resolve("tmp") + "\"",
                ""));
    }

    private void importImage(String busybox) throws Exception {
        Path rootfs = dir.resolve("rootfs");
        Files.createDirectories(rootfs.resolve("bin"));
        Files.createDirectories(rootfs.resolve("tmp"));
        Files.copy(Path.of(busybox), rootfs.resolve("bin/busybox"));
        for (String applet : List.of("sh", "sleep")) {
            Files.createSymbolicLink(rootfs.resolve("bin").resolve(applet), Path.of("busybox"));
        }
        Path tar = dir.resolve("rootfs.tar");
        Process process = processBuilder(List.of("tar", "-C", rootfs.toString(), "-cf", tar.toString(), "."))
                .redirectErrorStream(true).start();
        if (process.waitFor() != 0) {
            throw new IOException("tar: exit " + process.exitValue() + ": "
                    + new String(process.getInputStream().readAllBytes(), UTF_8));
        }
        cli("import", "--change", "CMD [\"/bin/sleep\",\"3600\"]", tar.toString(), IMAGE);
    }

    private void serve() throws IOException {
        service = processBuilder(List.of(podman, "--root", dir.resolve("root").toString(),
                "--runroot", dir.resolve("runroot").toString(), "system", "service", "--time=0", host()))
                .redirectErrorStream(true).redirectOutput(dir.resolve("service.log").toFile()).start();
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(50)).until(this::answersPing);
    }

    /** {@code GET /_ping} over the unix socket, by hand: the Engine API answers {@code OK}. */
    private boolean answersPing() throws IOException {
        if (!service.isAlive()) {
            throw new IllegalStateException("podman system service: exit " + service.exitValue() + ": "
                    + Files.readString(dir.resolve("service.log")).strip());
        }
        try (SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(socket()))) {
            channel.write(ByteBuffer.wrap("GET /_ping HTTP/1.0\r\nHost: podman\r\n\r\n".getBytes(US_ASCII)));
            ByteBuffer answer = ByteBuffer.allocate(4096);
            while (channel.read(answer) >= 0 && answer.hasRemaining()) {
                continue;
            }
            String text = new String(answer.array(), 0, answer.position(), US_ASCII);
            return text.startsWith("HTTP/1.") && text.contains(" 200 ") && text.endsWith("OK");
        } catch (IOException e) {
            return false;
        }
    }

    private ProcessBuilder processBuilder(List<String> command) {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("CONTAINERS_CONF", dir.resolve("containers.conf").toString());
        return builder;
    }

    private void unmountLeftovers() throws IOException {
        List<String> mounts = Files.readAllLines(Path.of("/proc/self/mountinfo")).stream()
                .map(line -> line.split(" ")[4])
                .filter(point -> point.startsWith(dir.toString()))
                .sorted(Comparator.reverseOrder())
                .toList();
        for (String point : mounts) {
            Process umount = new ProcessBuilder("umount", "-l", point).inheritIO().start();
            try {
                umount.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("umount " + point + " interrupted");
            }
        }
    }

    private static String executable(String name) {
        for (String directory : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(directory, name);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new AssertionError(name + " not found: " + INSTALL);
    }
}
