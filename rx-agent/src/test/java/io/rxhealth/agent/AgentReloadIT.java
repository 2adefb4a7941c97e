package io.rxhealth.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.agent.config.AgentConfig;
import io.rxhealth.agent.config.ConfigLoader;
import io.rxhealth.weighting.reload.ConfigReload;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A running agent reloaded with configs from an injected source: a bad one keeps the running
 * checks, a new one replaces them at once, and a 9505 connection open across the reload is
 * answered (the server and its connections are not touched).
 */
class AgentReloadIT {
    @TempDir
    Path state;
    private AgentApp app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.close();
        }
    }

    private AgentConfig config(String disk) {
        return new ConfigLoader().parse("""
                listen: { address: 127.0.0.1, port: 0, socket: bind }
                status: { address: 127.0.0.1, port: 0 }
                state-dir: %s
                interval: 100ms
                rise: 1
                fall: 1
                hold: 0s
                checks:
                  disk: [ { path: /, warn: %s, crit: 100%%, on-warn: 50%%, on-crit: down } ]
                """.formatted(state, disk), "test");
    }

    @Test
    void aBadConfigKeepsTheRunningChecksAndANewOneTakesEffectWithoutDroppingConnections() throws Exception {
        AtomicReference<java.util.function.Supplier<AgentConfig>> source = new AtomicReference<>(() -> config("99%"));
        app = AgentApp.start(config("99%"), () -> source.get().get());
        assertThat(AgentReplies.fetch(app.server().localAddress())).startsWith("up 100%");

        source.set(() -> new ConfigLoader().parse("interval: nonsense\n", "/etc/rx-health/agent.yaml"));
        assertThat(app.reloadNow()).isEqualTo(ConfigReload.Result.FAILED);
        assertThat(AgentReplies.fetch(app.server().localAddress())).startsWith("up 100%");
        assertThat(app.statusServer().orElseThrow().address()).isNotNull();

        source.set(() -> config("99%"));
        assertThat(app.reloadNow()).isEqualTo(ConfigReload.Result.UNCHANGED);

        try (Socket open = new Socket(app.server().localAddress().getAddress(), app.server().localAddress().getPort())) {
            // warn at 1%: the disk warns, the verdict halves; hold is 0 and rise/fall 1.
            source.set(() -> config("1%"));
            assertThat(app.reloadNow()).isEqualTo(ConfigReload.Result.APPLIED);
            InputStream in = open.getInputStream();
            String reply = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            assertThat(reply).isNotEmpty();
        }
        assertThat(AgentReplies.fetch(app.server().localAddress())).startsWith("up 50%");
    }
}
