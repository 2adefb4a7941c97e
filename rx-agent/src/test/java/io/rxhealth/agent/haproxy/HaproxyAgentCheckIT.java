package io.rxhealth.agent.haproxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.assertj.core.api.ThrowingConsumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * The shipped agent jar against the real HAProxy 2.6: a tmpfs really fills up, the agent process
 * answers HAProxy's agent-check, and every step is asserted in HAProxy's own view (its runtime
 * API), alongside the agent's {@code /status}. Needs root (mount) and {@code /usr/sbin/haproxy},
 * as CI has. What HAProxy does with each reply is written down in agent-check.md.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HaproxyAgentCheckIT {
    private static final String BACKEND = HaproxyStand.BACKEND;
    private static final String SERVER = HaproxyStand.SERVER;
    // agent-inter is 500 ms and the agent decides every 200 ms: 5 s is many polls.
    private static final Duration SETTLE = Duration.ofSeconds(5);
    private static final Duration POLL = Duration.ofMillis(100);
    private static final String REPLIES = "rxhealth_agentcheck_replies_total";
    // HAProxy's 'timeout check' in the stand: a slower answer would be dropped (L7TOUT).
    private static final int TIMEOUT_CHECK_MILLIS = 1000;

    private HaproxyStand stand;

    @RegisterExtension
    final TestWatcher logsOnFailure = new TestWatcher() {
        @Override
        public void testFailed(ExtensionContext context, Throwable cause) {
            try {
                System.out.println(stand == null ? "no stand" : stand.logs());
            } catch (IOException e) {
                System.out.println("cannot read the logs: " + e);
            }
        }
    };

    @BeforeAll
    void startHaproxyAndTheAgent() throws Exception {
        stand = HaproxyStand.start();
    }

    @AfterAll
    void stopEverything() throws Exception {
        if (stand != null) {
            stand.close();
        }
    }

    /** Every test starts from a healthy node that HAProxy serves at full weight. */
    @BeforeEach
    void healthyNode() throws Exception {
        stand.tmpfs().empty();
        Files.deleteIfExists(marker("drain"));
        Files.deleteIfExists(marker("maint"));
        // Recovery window and ready interval from an earlier test run out within a few seconds.
        await("agent healthy, not saying ready").atMost(Duration.ofSeconds(10)).pollInterval(POLL)
                .untilAsserted(() -> {
                    JsonNode s = agentStatus();
                    assertThat(s.path("verdict").asText()).isEqualTo("100%");
                    assertThat(s.path("ready").asBoolean()).isFalse();
                });
        stand.admin().setState(BACKEND, SERVER, "ready");
        stand.admin().agentChecks(HaproxyStand.WEIGHT_ONE_BACKEND, HaproxyStand.WEIGHT_ONE_SERVER, true);
        awaitServer("HAProxy serves the node at full weight", s -> {
            assertThat(s.status()).isEqualTo("UP");
            assertThat(s.weight()).isEqualTo(100);
        });
    }

    @Test
    void followsTheDiskFromFullWeightToHalfToDownAndBackUpTheRecoveryRamp() throws Exception {
        ServerState healthy = stand.server();
        assertThat(healthy.opState()).isEqualTo(ServerState.OP_RUNNING);
        assertThat(healthy.adminState()).isZero();
        assertThat(healthy.initialWeight()).isEqualTo(100);
        assertThat(healthy.lastAgentCheck()).isEqualTo("via agent : up");
        assertThat(healthy.agentMillis()).isLessThan(TIMEOUT_CHECK_MILLIS);
        awaitWeightOneServer("weight 1 at full weight", s -> {
            assertThat(s.status()).isEqualTo("UP");
            assertThat(s.weight()).isEqualTo(1);
        });

        stand.tmpfs().fillTo(8);
        awaitServer("disk 50% (warn): up 50%", s -> {
            assertThat(s.status()).isEqualTo("UP");
            assertThat(s.weight()).isEqualTo(50);
            assertThat(s.lastAgentCheck()).startsWith("via agent : up (disk:" + stand.tmpfs().dir() + " warn:");
            assertThat(s.agentMillis()).isLessThan(TIMEOUT_CHECK_MILLIS);
        });
        // 1 * 50 / 100 truncates to 0: still UP, yet no traffic — why docs/haproxy.md says weight 100.
        awaitWeightOneServer("weight 1 at 50%: a silent drain", s -> {
            assertThat(s.status()).isEqualTo("UP");
            assertThat(s.weight()).isZero();
            assertThat(s.adminState()).isZero();
        });
        JsonNode warn = agentStatus();
        assertThat(warn.path("verdict").asText()).isEqualTo("50%");
        assertThat(warn.path("reply").asText()).startsWith("up 50% # disk:" + stand.tmpfs().dir() + " warn:");

        stand.tmpfs().fillTo(14);
        awaitServer("disk 87.5% (crit): down", s -> {
            assertThat(s.status()).isEqualTo("DOWN (agent)");
            assertThat(s.opState()).isEqualTo(ServerState.OP_STOPPED);
            assertThat(s.lastAgentCheck()).startsWith("via agent : down (disk:" + stand.tmpfs().dir() + " crit:");
            assertThat(s.agentMillis()).isLessThan(TIMEOUT_CHECK_MILLIS);
        });
        assertThat(agentStatus().path("verdict").asText()).isEqualTo("down");

        // Back up, capped by the agent's recovery window (4 s: 25% then 50%), then full weight.
        stand.tmpfs().empty();
        awaitServer("recovery cap 25%", s -> {
            assertThat(s.status()).isEqualTo("UP");
            assertThat(s.weight()).isEqualTo(25);
            assertThat(s.lastAgentCheck()).startsWith("via agent : up (recovery 25%");
            assertThat(s.agentMillis()).isLessThan(TIMEOUT_CHECK_MILLIS);
        });
        awaitServer("recovery cap 50%", s -> {
            assertThat(s.status()).isEqualTo("UP");
            assertThat(s.weight()).isEqualTo(50);
            assertThat(s.lastAgentCheck()).startsWith("via agent : up (recovery 50%");
        });
        awaitServer("recovery over: full weight", s -> {
            assertThat(s.status()).isEqualTo("UP");
            assertThat(s.weight()).isEqualTo(100);
            assertThat(s.lastAgentCheck()).isEqualTo("via agent : up");
        });
    }

    @Test
    void drainAndMaintOnTheNodeShowInHaproxyAndReadyLiftsThem() throws Exception {
        Commands.Result on = stand.agent().cli("drain", "on", "--reason", "deploy");
        assertThat(on.exit()).as(on.output()).isZero();
        awaitServer("drain on", s -> {
            assertThat(s.status()).isEqualTo("DRAIN (agent)");
            assertThat(s.adminState()).isEqualTo(ServerState.FDRAIN);
            assertThat(s.lastAgentCheck()).isEqualTo("via agent : up (drain: deploy)");
        });
        Commands.Result status = stand.agent().cli("status", "--json");
        assertThat(status.exit()).as(status.output()).isZero();
        JsonNode drained = stand.agent().parse(status.output());
        assertThat(drained.path("verdict").asText()).isEqualTo("drain");
        assertThat(drained.path("reply").asText()).isEqualTo("up drain 100% # drain: deploy");

        Commands.Result off = stand.agent().cli("drain", "off");
        assertThat(off.exit()).as(off.output()).isZero();
        awaitServer("drain off: lifted by ready", s -> {
            assertThat(s.status()).isEqualTo("UP");
            assertThat(s.adminState()).isZero();
            assertThat(s.weight()).isEqualTo(100);
        });
        // HAProxy lifts DRAIN only on 'ready' (agent-check.md, state 5): the agent is in its window.
        assertThat(agentStatus().path("reply").asText()).isEqualTo("up ready 100%");

        // The marker file is the whole interface: its text is the reason.
        Files.writeString(marker("maint"), "kernel update\n", StandardCharsets.UTF_8);
        awaitServer("maint on", s -> {
            assertThat(s.status()).isEqualTo("MAINT");
            assertThat(s.inMaint()).isTrue();
            assertThat(s.lastAgentCheck()).isEqualTo("via agent : up (maint: kernel update)");
        });
        assertThat(agentStatus().path("verdict").asText()).isEqualTo("maint");

        Files.delete(marker("maint"));
        awaitServer("maint off: lifted by ready", s -> {
            assertThat(s.status()).startsWith("UP");
            assertThat(s.adminState()).isZero();
            assertThat(s.weight()).isEqualTo(100);
        });
    }

    @Test
    void leavesAnOperatorsMaintAloneOnceTheReadyIntervalHasPassed() throws Exception {
        Files.writeString(marker("maint"), "patching\n", StandardCharsets.UTF_8);
        awaitServer("agent's maint on", s -> assertThat(s.inMaint()).isTrue());
        Files.delete(marker("maint"));
        awaitServer("agent's maint off", s -> assertThat(s.status()).startsWith("UP"));

        // Inside the ready interval an operator's maint is undone: 'ready' clears FMAINT whoever set
        // it (agent-check.md, state 7). This is why the interval is bounded, and it shows the
        // assertion below can fail.
        assertThat(agentStatus().path("ready").asBoolean()).isTrue();
        stand.admin().setState(BACKEND, SERVER, "maint");
        awaitServer("operator maint undone by the agent's ready", s -> {
            assertThat(s.status()).startsWith("UP");
            assertThat(s.adminState()).isZero();
        });

        await("agent's ready interval over").atMost(HaproxyStand.READY_INTERVAL.plus(SETTLE)).pollInterval(POLL)
                .until(() -> !agentStatus().path("ready").asBoolean());
        // Count only be_app/s1's polls: the agent's reply counter is shared by every server line.
        stand.admin().agentChecks(HaproxyStand.WEIGHT_ONE_BACKEND, HaproxyStand.WEIGHT_ONE_SERVER, false);
        double repliesBefore = stand.agent().metric(REPLIES);
        stand.admin().setState(BACKEND, SERVER, "maint");
        // Six agent-inter periods: HAProxy keeps polling the agent in maint, and no reply lifts it.
        await("operator maint kept").during(Duration.ofSeconds(3)).atMost(SETTLE).pollInterval(POLL)
                .untilAsserted(() -> {
                    ServerState s = stand.server();
                    assertThat(s.status()).isEqualTo("MAINT");
                    assertThat(s.inMaint()).isTrue();
                });
        // HAProxy blanks the last agent check while one is under way, which a loaded host makes
        // visible: the agent's answer is asserted once settled, not at every poll of the window.
        awaitServer("agent answered up during the operator's maint", s -> {
            assertThat(s.inMaint()).isTrue();
            assertThat(s.lastAgentCheck()).startsWith("via agent : up");
        });
        assertThat(stand.agent().metric(REPLIES) - repliesBefore).as("agent replies to s1 during the operator's maint")
                .isGreaterThanOrEqualTo(4.0);
        stand.admin().agentChecks(HaproxyStand.WEIGHT_ONE_BACKEND, HaproxyStand.WEIGHT_ONE_SERVER, true);
        assertThat(agentStatus().path("reply").asText()).isEqualTo("up 100%");

        stand.admin().setState(BACKEND, SERVER, "ready");
        awaitServer("operator ready", s -> {
            assertThat(s.status()).startsWith("UP");
            assertThat(s.adminState()).isZero();
        });
    }

    private void awaitServer(String alias, ThrowingConsumer<ServerState> expectation) {
        await(alias).atMost(SETTLE).pollInterval(POLL)
                .untilAsserted(() -> assertThat(stand.server()).satisfies(expectation));
    }

    private void awaitWeightOneServer(String alias, ThrowingConsumer<ServerState> expectation) {
        await(alias).atMost(SETTLE).pollInterval(POLL)
                .untilAsserted(() -> assertThat(stand.weightOneServer()).satisfies(expectation));
    }

    private JsonNode agentStatus() throws Exception {
        return stand.agent().status();
    }

    private Path marker(String name) {
        return stand.stateDir().resolve(name);
    }
}
