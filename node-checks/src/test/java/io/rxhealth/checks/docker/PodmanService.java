package io.rxhealth.checks.docker;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.awaitility.Awaitility.await;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.core.DefaultDockerClientConfig;
import com.github.dockerjava.core.DockerClientImpl;
import com.github.dockerjava.httpclient5.ApacheDockerHttpClient;
import java.io.File;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private podman serving the Docker Engine API on a unix socket, for tests: its own storage,
 * state, locks and socket under one {@code rxh-podman-*} temp dir, a busybox image built without
 * any registry, and cleanup of all of it on {@link #close()}.
 */
public final class PodmanService implements AutoCloseable {
    public static final String IMAGE = "localhost/rxh-app:1";
    private static final String INSTALL = "apt-get install -y podman runc busybox-static";

    private final Path dir;
    private final String podman;
    private Process service;

    private PodmanService(Path dir, String podman) {
        this.dir = dir;
        this.podman = podman;
    }

    /** Builds the image, starts {@code podman system service} and waits until it answers. */
    public static PodmanService start() throws Exception {
        var podman = executable("podman");
        executable("runc");
        var busybox = executable("busybox");
        var started = new PodmanService(Files.createTempDirectory("rxh-podman-"), podman);
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

    public String host() {
        return "unix://" + dir.resolve("podman.sock");
    }

    /** A plain docker-java client on the service, to drive container lifecycles. */
    DockerClient dockerClient() {
        var config = new DefaultDockerClientConfig.Builder()
                .withDockerHost(host()).withDockerTlsVerify(false).build();
        var http = new ApacheDockerHttpClient.Builder().dockerHost(URI.create(host()))
                .responseTimeout(Duration.ofSeconds(30)).build();
        return DockerClientImpl.getInstance(config, http);
    }

    /** Runs the podman CLI on the same storage as the service; returns its output. */
    public String cli(String... args) throws IOException, InterruptedException {
        var command = new ArrayList<>(List.of(podman, "--root", dir.resolve("root").toString(),
                "--runroot", dir.resolve("runroot").toString()));
        command.addAll(List.of(args));
        var process = processBuilder(command).redirectErrorStream(true).start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("podman " + String.join(" ", args) + ": no exit within 60 s");
        }
        var output = new String(process.getInputStream().readAllBytes(), UTF_8);
        if (process.exitValue() != 0) {
            throw new IOException("podman " + String.join(" ", args) + ": exit "
                    + process.exitValue() + ": " + output.strip());
        }
        return output;
    }

    /** Stops the API service (by its PID); containers and storage stay until {@link #close()}. */
    void killService() throws InterruptedException {
        if (service != null && service.isAlive()) {
            service.destroy();
            if (!service.waitFor(10, TimeUnit.SECONDS)) {
                service.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    @Override
    public void close() throws IOException {
        try {
            killService();
            // Stops and removes every container and image of this root and unmounts overlays.
            cli("system", "reset", "--force");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("podman cleanup in " + dir + " interrupted");
        } finally {
            unmountLeftovers();
            deleteTree();
        }
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
        var rootfs = dir.resolve("rootfs");
        Files.createDirectories(rootfs.resolve("bin"));
        Files.createDirectories(rootfs.resolve("tmp"));
        Files.copy(Path.of(busybox), rootfs.resolve("bin/busybox"));
        for (var applet : List.of("sh", "sleep", "echo")) {
            Files.createSymbolicLink(rootfs.resolve("bin").resolve(applet), Path.of("busybox"));
        }
        var tar = dir.resolve("rootfs.tar");
        var process = processBuilder(List.of("tar", "-C", rootfs.toString(), "-cf",
                tar.toString(), ".")).redirectErrorStream(true).start();
        if (process.waitFor() != 0) {
            throw new IOException("tar: exit " + process.exitValue() + ": "
                    + new String(process.getInputStream().readAllBytes(), UTF_8));
        }
        cli("import", "--change", "CMD [\"/bin/sleep\",\"3600\"]", tar.toString(), IMAGE);
    }

    private void serve() throws IOException {
        var log = dir.resolve("service.log").toFile();
        service = processBuilder(List.of(podman, "--root", dir.resolve("root").toString(),
                "--runroot", dir.resolve("runroot").toString(),
                "system", "service", "--time=0", host()))
                .redirectErrorStream(true).redirectOutput(log).start();
        try (var engine = new DockerJavaEngine(host(), Duration.ofMillis(200),
                Duration.ofSeconds(2))) {
            await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(50))
                    .until(() -> answersPing(engine));
        }
    }

    private boolean answersPing(DockerEngine engine) throws IOException {
        if (!service.isAlive()) {
            throw new IllegalStateException("podman system service: exit " + service.exitValue()
                    + ": " + Files.readString(dir.resolve("service.log")).strip());
        }
        try {
            engine.ping();
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private ProcessBuilder processBuilder(List<String> command) {
        var builder = new ProcessBuilder(command);
        builder.environment().put("CONTAINERS_CONF", dir.resolve("containers.conf").toString());
        return builder;
    }

    private void unmountLeftovers() throws IOException {
        var mounts = Files.readAllLines(Path.of("/proc/self/mountinfo")).stream()
                .map(line -> line.split(" ")[4])
                .filter(point -> point.startsWith(dir.toString()))
                .sorted(Comparator.reverseOrder())
                .toList();
        for (var point : mounts) {
            var umount = new ProcessBuilder("umount", "-l", point).inheritIO().start();
            try {
                umount.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("umount " + point + " interrupted");
            }
        }
    }

    private void deleteTree() throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (var path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    private static String executable(String name) {
        for (var directory : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            var candidate = Path.of(directory, name);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new AssertionError(name + " not found: " + INSTALL);
    }
}
