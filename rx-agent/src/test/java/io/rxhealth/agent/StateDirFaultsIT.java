package io.rxhealth.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rxhealth.agent.config.ConfigLoader;
import io.rxhealth.agent.json.Json;
import io.rxhealth.agent.state.History;
import io.rxhealth.agent.state.StateFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent's state dir on a small tmpfs of its own (root): full, read-only, or holding corrupt
 * files. 9505 keeps answering, the reason is shown in /status.
 */
class StateDirFaultsIT {
    @TempDir
    Path tmp;

    private Path state;
    private Path data;
    private AgentApp app;
    private final List<Path> mounted = new java.util.ArrayList<>();

    @AfterEach
    void tearDown() throws Exception {
        if (app != null) {
            app.close();
        }
        for (Path m : mounted) {
            run("umount", m.toString());
        }
    }

    @Test
    void keepsAnsweringAndSaysWhyWhenTheStateDirIsFull() throws Exception {
        mountTmpfs();
        fill(state, Integer.MAX_VALUE);
        start(diskCheckOnData());

        assertThat(AgentReplies.fetch(app.server().localAddress())).startsWith("up 100%");
        await().atMost(5, TimeUnit.SECONDS).untilAsserted(() ->
                assertThat(app.status().stateError()).contains("cannot write state file in " + state));
        // A verdict change while full: served at once, only the files are behind.
        fill(data, 40 * 1024);
        await().atMost(5, TimeUnit.SECONDS).untilAsserted(() ->
                assertThat(AgentReplies.fetch(app.server().localAddress())).startsWith("up 50%"));
        assertThat(app.status().stateError()).contains("No space left on device");
    }

    @Test
    void keepsAnsweringAndSaysWhyWhenTheStateDirIsReadOnly() throws Exception {
        mountTmpfs();
        start(diskCheckOnData());
        assertThat(AgentReplies.fetch(app.server().localAddress())).startsWith("up 100%");
        assertThat(app.status().stateError()).isNull();

        // Read-only while running (a writable dir is required at start), then a verdict change.
        run("mount", "-o", "remount,ro", state.toString());
        fill(data, 40 * 1024);

        await().atMost(5, TimeUnit.SECONDS).untilAsserted(() -> {
            assertThat(AgentReplies.fetch(app.server().localAddress())).startsWith("up 50%");
            assertThat(app.status().stateError()).contains("Read-only file system");
        });
    }

    @Test
    void startsWithCorruptStateAndHistoryFiles() throws Exception {
        state = Files.createDirectories(tmp.resolve("state"));
        Files.writeString(state.resolve(StateFile.NAME), "{\"version\":1,\"state\":", StandardCharsets.UTF_8);
        Files.write(state.resolve(History.NAME), new byte[] {0, (byte) 0xff, '[', '{'});
        start("cpu: { warn: 100%, crit: 100% }");

        assertThat(AgentReplies.fetch(app.server().localAddress())).startsWith("up");
        // Both rewritten once the first verdict is recorded.
        await().atMost(5, TimeUnit.SECONDS).untilAsserted(() -> {
            assertThat(Files.readString(state.resolve(StateFile.NAME))).startsWith("{");
            assertThat(History.read(state.resolve(History.NAME), Json.json())).isNotEmpty();
        });
        assertThat(app.status().stateError()).isNull();
    }

    private void start(String checks) throws Exception {
        String yaml = """
                listen: { address: 127.0.0.1, port: 0, socket: bind }
                status: { enabled: false }
                state-dir: %s
                interval: 100ms
                rise: 1
                fall: 1
                hold: 0s
                checks:
                  %s
                """.formatted(state, checks);
        app = AgentApp.start(new ConfigLoader().parse(yaml, "test"));
    }

    /** The state dir and a data file system whose fill drives the verdict, 64 KiB tmpfs each. */
    private void mountTmpfs() throws Exception {
        state = Files.createDirectories(tmp.resolve("rxh-state"));
        data = Files.createDirectories(tmp.resolve("rxh-data"));
        for (Path dir : List.of(state, data)) {
            run("mount", "-t", "tmpfs", "-o", "size=64k", "rxh-tmpfs", dir.toString());
            mounted.add(dir);
        }
    }

    /** up 100% while the data file system is under half full, 50% above. */
    private String diskCheckOnData() {
        return "disk: [ { path: " + data + ", warn: 50%, crit: 100%, on-warn: 50%, on-crit: 50% } ]";
    }

    /** Writes up to {@code bytes} into {@code dir}, or until it is full. */
    private static void fill(Path dir, int bytes) throws IOException {
        try (var out = Files.newOutputStream(dir.resolve("fill"))) {
            byte[] block = new byte[4096];
            for (int written = 0; written < bytes; written += block.length) {
                out.write(block);
                out.flush();
            }
        } catch (IOException full) {
            assertThat(full.getMessage()).contains("No space left on device");
        }
    }

    private static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
        if (!p.waitFor(Duration.ofSeconds(30).toSeconds(), TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed (expected: root and mount(8)): "
                    + new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
