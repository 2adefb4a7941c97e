package io.rxhealth.haproxy;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Starts a child JVM on an inherited listening socket, as systemd's socket activation does. */
class InheritedChannelIT {
    @TempDir
    Path tmp;

    private Process child;

    @AfterEach
    void killChild() throws InterruptedException {
        if (child != null && child.isAlive()) {
            child.destroy();
            if (!child.waitFor(10, TimeUnit.SECONDS)) {
                child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void servesOnAListeningSocketPassedAsStdin() throws Exception {
        Path launcher = Path.of(getClass().getResource("listen_on_stdin.py").toURI());
        var command = new ArrayList<String>(List.of(require("python3", "python3"),
                launcher.toString(), "127.0.0.1"));
        command.addAll(javaCommand());
        child = new ProcessBuilder(command)
                .redirectError(tmp.resolve("child.err").toFile())
                .start();
        int port;
        try (var stdout = new BufferedReader(new InputStreamReader(child.getInputStream(), US_ASCII))) {
            String line = stdout.readLine();
            assertThat(line).as("port from the launcher, stderr: %s", stderr()).isNotNull();
            port = Integer.parseInt(line.trim());
        }

        // The launcher execs the JVM, so the PID that answers is the launcher's.
        for (int i = 0; i < 5; i++) {
            assertThat(fetch(port)).as("reply %d, stderr: %s", i, stderr())
                    .isEqualTo("up ready 100% # pid " + child.pid() + "\n");
        }
        assertThat(child.isAlive()).isTrue();
    }

    @Test
    void servesUnderSystemdSocketActivate() throws Exception {
        String activate = require("systemd-socket-activate", "systemd");
        int port;
        try (var probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        // Without --accept it passes the listening socket, here on stdin and stdout (--inetd).
        var command = new ArrayList<String>(List.of(activate, "-l", "127.0.0.1:" + port, "--inetd"));
        command.addAll(javaCommand());
        child = new ProcessBuilder(command)
                .redirectError(tmp.resolve("child.err").toFile())
                .start();

        String first = fetchWhenListening(port);
        assertThat(first).as("stderr: %s", stderr()).startsWith("up ready 100% # pid ");
        for (int i = 0; i < 4; i++) {
            assertThat(fetch(port)).isEqualTo(first);
        }
    }

    @Test
    void failsWithAOneLineMessageWhenStdinIsNotASocket() throws Exception {
        child = new ProcessBuilder(javaCommand())
                .redirectError(tmp.resolve("child.err").toFile())
                .start();

        assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).isEqualTo(2);
        assertThat(stderr()).isEqualTo("inherited channel: none, stdin is not a socket (expected: a "
                + "listening TCP socket on stdin, as systemd passes it with Accept=no and "
                + "StandardInput=socket)\n");
    }

    private static List<String> javaCommand() {
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-Xmx32m", "-Xss256k", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"),
                InheritedChannelMain.class.getName());
    }

    private static String fetch(int port) throws IOException {
        try (var client = new Socket("127.0.0.1", port)) {
            // The first connection waits in the backlog while the JVM starts.
            client.setSoTimeout(30_000);
            return new String(client.getInputStream().readAllBytes(), US_ASCII);
        }
    }

    /** systemd-socket-activate listens a moment after it starts; retry refused connections. */
    private String fetchWhenListening(int port) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try {
                return fetch(port);
            } catch (java.net.ConnectException refused) {
                if (System.nanoTime() > deadline || !child.isAlive()) {
                    throw refused;
                }
                Thread.sleep(50);
            }
        }
    }

    private String stderr() throws IOException {
        Path err = tmp.resolve("child.err");
        return Files.exists(err) ? Files.readString(err) : "";
    }

    private static String require(String binary, String debianPackage) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path candidate = Path.of(dir, binary);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new IllegalStateException(binary + ": not on PATH (expected: installed, e.g. "
                + "apt-get install -y " + debianPackage + ")");
    }
}
