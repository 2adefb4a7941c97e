package io.rxhealth.ovs.stand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.CommandRunner;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The VIP's dark time after an ovs-vswitchd restart, with the LB daemon at the shipped default
 * intervals (probe 2 s, timeout 1 s, fall 3, rise 2, agent 2 s, pipeline check 2 s). The stand's
 * own daemon (shortened timings) is replaced by one at the defaults; the switch is killed (SIGTERM,
 * as a crash or an upgrade) and started again, at once or after {@link #HELD} (a restart slower than
 * {@code fall} probes, 6 s at the defaults: without the freeze every member goes out meanwhile), and
 * a client in rxh-cli1 opens a connection to the public VIP every 50 ms meanwhile. Dark time: from
 * the kill to the first answered connection after the first that failed; the switch's own restart time: from the kill
 * until the new ovs-vswitchd answers OpenFlow. Target: dark time at most the restart time + 1 s.
 *
 * <p>{@code -Drxh.stand.compareJar=PATH} (a daemon jar built from another commit) alternates the
 * two daemons, {@code -Drxh.stand.restarts=N} times each and each way (default 2), and writes both to
 * {@code target/stand-switch-restart.txt}; only the daemon of this build is held to the target.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StandSwitchRestartIT {
    private static final String VIP = "192.168.5.21";
    private static final Path JAR = Path.of("target/rx-health-lbd.jar").toAbsolutePath();
    private static final Duration WATCH = Duration.ofSeconds(40);
    /** How long the slow restart keeps the switch dead: longer than fall x probe + timeout (7 s) at the defaults. */
    private static final Duration HELD = Duration.ofSeconds(8);

    private final CommandRunner runner = CommandRunner.processes();
    private Stand stand;
    private Consumers consumers;
    private Process daemon;

    @BeforeAll
    void bringUp() throws Exception {
        stand = Stand.withConsumers();
        consumers = new Consumers(stand);
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500)).ignoreExceptions()
                .untilAsserted(() -> assertThat(consumers.daemon().members()).hasSize(Stand.BACKENDS.size()));
    }

    @AfterAll
    void tearDown() throws Exception {
        stopDaemon();
        if (stand != null) {
            stand.close();
        }
    }

    @Test
    void theVipIsDarkNoLongerThanTheSwitchsOwnRestartAndASecond() throws Exception {
        String compare = System.getProperty("rxh.stand.compareJar", "");
        int restarts = Integer.getInteger("rxh.stand.restarts", 2);
        List<String> report = new ArrayList<>();
        List<Long> marginsMs = new ArrayList<>();
        for (int i = 0; i < restarts; i++) {
            for (Duration held : List.of(Duration.ZERO, HELD)) {
                String how = held.isZero() ? "restart at once" : "switch held dead " + held.toSeconds() + " s";
                if (!compare.isEmpty()) {
                    report.add("compare " + compare + ", " + how + ": " + restartWith(Path.of(compare), held));
                }
                Restart after = restartWith(JAR, held);
                report.add("this build, " + how + ": " + after);
                marginsMs.add(after.darkMs() - after.switchMs());
            }
        }
        Files.write(Path.of("target/stand-switch-restart.txt"), report);
        report.forEach(System.out::println);
        assertThat(marginsMs).as("dark time minus the switch's restart time, ms: %s", report)
                .allSatisfy(m -> assertThat(m).isLessThanOrEqualTo(1000));
    }

    /** One restart of the switch, dead for {@code held} first, with the daemon of {@code jar} at the default intervals. */
    private Restart restartWith(Path jar, Duration held) throws Exception {
        startDaemon(jar);
        awaitHealthy();
        Process watch = stand.start("cli1", "python3", Stand.DIR.resolve("probe.py").toString(), "watch", VIP, "80",
                Long.toString(WATCH.toSeconds()));
        List<String> lines = new ArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(watch.getInputStream(), StandardCharsets.US_ASCII))) {
                String line;
                while ((line = r.readLine()) != null) {
                    synchronized (lines) {
                        lines.add(line);
                    }
                }
            } catch (java.io.IOException e) {
                // The watcher ended.
            }
        }, "rxh-test-watch");
        reader.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            synchronized (lines) {
                return lines.stream().anyMatch(l -> l.endsWith(" ok"));
            }
        });
        double killedAt = System.nanoTime() / 1e9; // CLOCK_MONOTONIC, as the watcher's time.monotonic()
        long pid = Long.parseLong(Files.readString(Stand.DIR.resolve(".run/vswitchd.pid")).strip());
        check(runner.run(List.of("kill", Long.toString(pid)), null, Duration.ofSeconds(10)));
        ProcessHandle.of(pid).ifPresent(p -> p.onExit().join());
        // The scenario itself, not a wait for a condition: the switch stays dead this long.
        Thread.sleep(held.toMillis());
        check(runner.run(List.of("bash", "-c", "source \"$0\" && rxh_vswitchd", Stand.DIR.resolve("env").toString()),
                null, Duration.ofSeconds(30)));
        double switchAt;
        while (true) {
            CommandResult show = stand.ofctl("show");
            if (show.succeeded()) {
                switchAt = System.nanoTime() / 1e9;
                break;
            }
            Thread.sleep(10);
        }
        // Until the first answer after the kill (or the watcher's end), then the watcher goes.
        double killed = killedAt;
        await().atMost(WATCH.plusSeconds(10)).until(() -> !watch.isAlive() || answeredSince(lines, killed));
        watch.destroy();
        watch.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
        reader.join(5_000);
        // A connection opened just after the kill may still be served while the switch exits: the
        // dark time ends with the first answer after the first failed connection.
        double answeredAt = Double.NaN;
        int failed = 0;
        synchronized (lines) {
            for (String l : lines) {
                String[] f = l.split(" ");
                double t = Double.parseDouble(f[0]);
                if (t < killedAt) {
                    continue;
                }
                if (!f[1].equals("ok")) {
                    failed++;
                } else if (failed > 0) {
                    answeredAt = t;
                    break;
                }
            }
        }
        assertThat(failed).as("connections that failed after the kill (%s): the VIP went dark", jar).isPositive();
        assertThat(answeredAt).as("the VIP answered again within %s of the kill (%s)", WATCH, jar).isNotNaN();
        return new Restart(Math.round((switchAt - killedAt) * 1000), Math.round((answeredAt - killedAt) * 1000), failed);
    }

    /** Replaces whichever daemon runs (the stand's hook or ours) with {@code jar}'s at the default intervals. */
    private void startDaemon(Path jar) throws Exception {
        stopDaemon();
        Path hookPid = stand.lbState().resolve("lbd.pid");
        if (Files.exists(hookPid)) {
            long pid = Long.parseLong(Files.readString(hookPid).strip());
            ProcessHandle.of(pid).ifPresent(p -> {
                p.destroy();
                p.onExit().join();
            });
            Files.delete(hookPid);
        }
        String config = Files.readString(stand.lbState().resolve("lbd.yaml"));
        // The stand's shortened timings go; every interval is the shipped default.
        String defaults = config.replaceAll("(?s)intervals: \\{.*?\\}\\n", "");
        assertThat(defaults).doesNotContain("intervals").contains("pools:");
        Path file = stand.lbState().resolve("lbd-defaults.yaml");
        Files.writeString(file, defaults);
        daemon = new ProcessBuilder("ip", "netns", "exec", "rxh-lb", "java", "-XX:+UseSerialGC", "-Xmx128m", "-Xss512k",
                "-jar", jar.toString(), "run", "--config", file.toString())
                .redirectErrorStream(true)
                .redirectOutput(stand.lbState().resolve("lbd-defaults.log").toFile())
                .start();
    }

    private void stopDaemon() throws InterruptedException {
        if (daemon != null && daemon.isAlive()) {
            daemon.destroy();
            if (!daemon.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                daemon.destroyForcibly().waitFor();
            }
        }
        daemon = null;
    }

    /** Every member up in the daemon and the VIP answering from all four backends. */
    private void awaitHealthy() {
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500)).ignoreExceptions().untilAsserted(() -> {
            DaemonPool pool = consumers.daemon();
            assertThat(pool.members().values()).extracting(DaemonMember::verdict).containsOnly("up");
            assertThat(stand.backends("cli1", "http://" + VIP + "/", 48)).containsAll(Stand.BACKENDS);
        });
    }

    private static boolean answeredSince(List<String> lines, double since) {
        synchronized (lines) {
            boolean failed = false;
            for (String l : lines) {
                String[] f = l.split(" ");
                if (Double.parseDouble(f[0]) < since) {
                    continue;
                }
                if (!f[1].equals("ok")) {
                    failed = true;
                } else if (failed) {
                    return true;
                }
            }
            return false;
        }
    }

    private static void check(CommandResult result) {
        assertThat(result.exitCode()).as("%s", result.stderr()).isZero();
    }

    /** One restart: the switch's own restart time, the VIP's dark time, failed connections meanwhile. */
    private record Restart(long switchMs, long darkMs, int failedConnections) {
        @Override
        public String toString() {
            return "switch restart " + switchMs + " ms, VIP dark " + darkMs + " ms (" + failedConnections
                    + " connections failed), dark minus restart " + (darkMs - switchMs) + " ms";
        }
    }
}
