package io.rxhealth.agent.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import io.rxhealth.agent.status.AgentStatus.CheckStatus;
import io.rxhealth.agent.status.AgentStatus;
import io.rxhealth.checks.docker.PodmanService;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The customer's three verification scenarios (seed 004, "Как проверять работу") end to end with
 * the real agent: a real CPU load, a real container stopped through a real Docker Engine API
 * (podman), and the Directum RX service endpoints served by WireMock — each followed by the way
 * back. Every step is asserted twice: on the 9505 reply HAProxy reads, and in the agent's status.
 */
class SeedScenariosIT {
    private static final String RECOVERY = "recovery: { window: 4s, steps: [25, 50] }";

    @TempDir
    Path state;

    /** Closed last-in first-out: the agent before what it watches. */
    private final Deque<AutoCloseable> resources = new ArrayDeque<>();

    @AfterEach
    void closeAll() throws Exception {
        Exception first = null;
        while (!resources.isEmpty()) {
            try {
                resources.pop().close();
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private <T extends AutoCloseable> T closing(T resource) {
        resources.push(resource);
        return resource;
    }

    /** Scenario 1: a CPU load over the warning level halves the weight; the node is not taken down. */
    @Test
    void cpuLoadHalvesTheWeightAndFullWeightReturnsAfterTheHold() throws Exception {
        HostCpu.awaitIdleOrAbort();
        ScenarioAgent agent = closing(ScenarioAgent.start(state, """
                hold: 1s
                checks:
                  cpu: { warn: 50%, crit: 100%, on-warn: 50%, on-crit: 50% }
                """));
        AgentStatus idle = agent.awaitVerdict(line("up 100%"), "100%");
        assertThat(idle.checks()).extracting(CheckStatus::name, CheckStatus::level).containsExactly(tuple("cpu", "OK"));

        try (CpuBurner burner = closing(CpuBurner.start(HostCpu.cores()))) {
            // The burner fills every idle cycle: the host is all but fully busy, not just over 50%.
            AgentStatus loaded = agent.awaitVerdict(
                    "up 50% # cpu (warn|crit): cpu (9\\d|100)\\.\\d% busy \\(warn 50%, crit 100%\\)\n", "50%");
            assertThat(loaded.state()).isEqualTo("UP");
            CheckStatus cpu = loaded.checks().get(0);
            assertThat(cpu.name()).isEqualTo("cpu");
            assertThat(cpu.level()).isIn("WARN", "CRIT");
            assertThat(loaded.reasons())
                    .containsExactly("cpu " + cpu.level().toLowerCase(Locale.ROOT) + ": " + cpu.detail());
            assertThat(burner.isAlive()).as("burner pid %d", burner.pid()).isTrue();
        }

        // Full weight only after the CPU has been quiet for the whole hold.
        List<String> back = agent.recordUntil(line("up 100%"));
        assertPassesThrough(back, "up 50% # hold 50% before 100%, \\d s left\n", line("up 100%"));
        agent.awaitVerdict(line("up 100%"), "100%");
        assertThat(agent.history()).containsSubsequence("100%", "50%", "100%").doesNotContain("down");
    }

    /** Scenario 2: a critical container stopped takes the node down; started again, it ramps back. */
    @Test
    void stoppingACriticalContainerTakesTheNodeDownUntilTheRecoveryWindowHasPassed() throws Exception {
        PodmanService podman = closing(PodmanService.start());
        podman.cli("run", "--detach", "--name", "rx-storage", PodmanService.IMAGE);
        ScenarioAgent agent = closing(ScenarioAgent.start(state, """
                hold: 0s
                %s
                checks:
                  docker:
                    host: %s
                    timeout: 5s
                    on-crit: down
                    containers:
                      - { name: rx-storage, on-crit: down }
                """.formatted(RECOVERY, podman.host())));
        AgentStatus healthy = agent.awaitVerdict(line("up 100%"), "100%");
        assertThat(healthy.checks()).extracting(CheckStatus::name, CheckStatus::level)
                .containsExactly(tuple("docker", "OK"), tuple("container:rx-storage", "OK"));

        // busybox sleep is PID 1 and ignores SIGTERM: podman kills it after the 1 s timeout.
        podman.cli("stop", "--time", "1", "rx-storage");
        String reason = "container:rx-storage crit: container rx-storage exited (code 137)";
        AgentStatus down = agent.awaitVerdict(line("down # " + reason), "down");
        assertThat(down.state()).isEqualTo("DOWN");
        assertThat(down.reasons()).containsExactly(reason);

        podman.cli("start", "rx-storage");
        assertRampsBackThroughTheRecoveryWindow(agent);
    }

    /** Scenario 3: PreviewService failing halves the weight, the node keeps serving. */
    @Test
    void failingPreviewServiceHalvesTheWeightAndLogServiceTakesAQuarter() throws Exception {
        WireMockServer rx = directumRx();
        String base = "http://127.0.0.1:" + rx.port();
        ScenarioAgent agent = closing(ScenarioAgent.start(state, "hold: 0s\n" + RECOVERY + "\n" + checks(base)));
        agent.awaitVerdict(line("up 100%"), "100%");

        rx.stubFor(WireMock.get("/preview/health").willReturn(WireMock.serverError()));
        String preview = "preview crit: GET " + base + "/preview/health -> 500 (expected 200)";
        AgentStatus halved = agent.awaitVerdict(line("up 50% # " + preview), "50%");
        assertThat(halved.reasons()).containsExactly(preview);
        assertThat(halved.checks()).filteredOn(c -> !c.level().equals("OK"))
                .extracting(CheckStatus::name, CheckStatus::level).containsExactly(tuple("preview", "CRIT"));

        // The worst reaction wins, and every failing service is named.
        rx.stubFor(WireMock.get("/log/health").willReturn(WireMock.serviceUnavailable()));
        String log = "log crit: GET " + base + "/log/health -> 503 (expected 200)";
        agent.awaitVerdict(line("up 50% # " + preview + "; " + log), "50%");

        rx.stubFor(WireMock.get("/preview/health").willReturn(WireMock.ok("ok")));
        AgentStatus quarter = agent.awaitVerdict(line("up 75% # " + log), "75%");
        assertThat(quarter.reasons()).containsExactly(log);

        rx.stubFor(WireMock.get("/log/health").willReturn(WireMock.ok("ok")));
        // Never down, so no recovery window: full weight as soon as the services answer.
        agent.awaitVerdict(line("up 100%"), "100%");
        List<String> history = agent.history();
        // A loaded host may time the very first probes out (a start at down); from full weight on,
        // the node was never taken out.
        assertThat(history.subList(history.indexOf("100%"), history.size()))
                .containsSubsequence("100%", "50%", "75%", "100%").doesNotContain("down");
    }

    /** Scenario 2 over HTTP: StorageService is critical; after it comes back, the recovery window. */
    @Test
    void failingStorageServiceTakesTheNodeDownUntilTheRecoveryWindowHasPassed() throws Exception {
        WireMockServer rx = directumRx();
        String base = "http://127.0.0.1:" + rx.port();
        ScenarioAgent agent = closing(ScenarioAgent.start(state, "hold: 0s\n" + RECOVERY + "\n" + checks(base)));
        agent.awaitVerdict(line("up 100%"), "100%");

        rx.stubFor(WireMock.get("/storage/health").willReturn(WireMock.serviceUnavailable()));
        String storage = "storage crit: GET " + base + "/storage/health -> 503 (expected 200)";
        AgentStatus down = agent.awaitVerdict(line("down # " + storage), "down");
        assertThat(down.reasons()).containsExactly(storage);

        rx.stubFor(WireMock.get("/storage/health").willReturn(WireMock.ok("ok")));
        assertRampsBackThroughTheRecoveryWindow(agent);
    }

    /** 25% for the first half of the 4 s window, 50% for the second, then full weight. */
    private static void assertRampsBackThroughTheRecoveryWindow(ScenarioAgent agent) throws Exception {
        List<String> back = agent.recordUntil(line("up 100%"));
        assertPassesThrough(back, "up 25% # recovery 25%, \\d s left\n",
                "up 50% # recovery 50%, \\d s left\n", line("up 100%"));
        AgentStatus full = agent.awaitVerdict(line("up 100%"), "100%");
        assertThat(full.reasons()).isEmpty();
        assertThat(full.checks()).allSatisfy(c -> assertThat(c.level()).as(c.name()).isEqualTo("OK"));
        assertThat(agent.history()).containsSubsequence("100%", "down", "25%", "50%", "100%");
    }

    /** Directum RX's health endpoints, all answering 200 until a test breaks one. */
    private WireMockServer directumRx() {
        WireMockServer rx = new WireMockServer(WireMockConfiguration.options().dynamicPort());
        rx.start();
        closing(rx::stop);
        for (String path : List.of("/client/api/health", "/client/health", "/storage/health", "/preview/health",
                "/integration/health", "/log/health")) {
            rx.stubFor(WireMock.get(path).willReturn(WireMock.ok("ok")));
        }
        return rx;
    }

    /**
     * The policy of seed 004 ("Политика для сервисов"), as in docs/examples/directum-rx.yaml, but
     * with the scenario agent's longer check timeout: on a loaded host a timed-out probe would be
     * a different scenario.
     */
    private static String checks(String base) {
        return """
                checks:
                  http:
                    - { name: client-api, url: "%1$s/client/api/health", expect: [200], on-crit: down }
                    - { name: web-client, url: "%1$s/client/health", expect: [200], on-crit: down }
                    - { name: storage, url: "%1$s/storage/health", expect: [200], on-crit: down }
                    - { name: preview, url: "%1$s/preview/health", on-warn: 50%%, on-crit: 50%% }
                    - { name: integration, url: "%1$s/integration/health", on-warn: 50%%, on-crit: 50%% }
                    - { name: log, url: "%1$s/log/health", on-warn: 75%%, on-crit: 75%% }
                """.formatted(base);
    }

    /** A regex matching exactly {@code text} and the newline that ends every agent reply. */
    private static String line(String text) {
        return Pattern.quote(text) + "\n";
    }

    /** {@code replies} contains a reply matching each regex, in this order (others may lie between). */
    private static void assertPassesThrough(List<String> replies, String... regexes) {
        int at = 0;
        for (String regex : regexes) {
            Pattern pattern = Pattern.compile(regex, Pattern.DOTALL);
            while (at < replies.size() && !pattern.matcher(replies.get(at)).matches()) {
                at++;
            }
            assertThat(at).as("a reply matching %s after the earlier steps, in %s", regex.strip(), replies)
                    .isLessThan(replies.size());
            at++;
        }
    }
}
