package io.rxhealth.agent.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rxhealth.agent.AgentApp;
import io.rxhealth.agent.config.ConfigLoader;
import io.rxhealth.agent.status.AgentStatus;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The real agent in-process for one scenario, seen from outside as HAProxy sees it (one
 * agent-check exchange on its 9505 port) and as an operator sees it ({@link AgentApp#status()}).
 */
final class ScenarioAgent implements AutoCloseable {
    /** Generous: two cores shared by several builds can stall a 200 ms cycle for seconds. */
    static final Duration WAIT = Duration.ofSeconds(20);

    private final AgentApp app;
    private final Path stateDir;

    private ScenarioAgent(AgentApp app, Path stateDir) {
        this.app = app;
        this.stateDir = stateDir;
    }

    /**
     * Starts the agent with the scenarios' fast timings: a 200 ms cycle, rise and fall 1, and
     * {@code extra} (hold, recovery, checks) appended to the config. The check timeout is 3 s,
     * not 1 s: on a loaded host a timed-out probe is UNKNOWN, which would be another scenario.
     */
    static ScenarioAgent start(Path stateDir, String extra) throws IOException {
        String yaml = """
                listen: { address: 127.0.0.1, port: 0, socket: bind }
                status: { address: 127.0.0.1, port: 0 }
                state-dir: %s
                interval: 200ms
                check-timeout: 3s
                rise: 1
                fall: 1
                ready-interval: 1s
                %s
                """.formatted(stateDir, extra);
        return new ScenarioAgent(AgentApp.start(new ConfigLoader().parse(yaml, "test")), stateDir);
    }

    /** One agent-check exchange, as HAProxy does it: connect, read the line, the agent closes. */
    String reply() throws IOException {
        InetSocketAddress address = app.server().localAddress();
        try (Socket s = new Socket()) {
            s.connect(address, 1000);
            s.setSoTimeout(2000);
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
    }

    AgentStatus status() {
        return app.status();
    }

    /**
     * Waits until the 9505 reply matches {@code replyRegex} (the whole line, newline included)
     * and {@code status} shows the same reply and the verdict {@code label}; returns the status.
     */
    AgentStatus awaitVerdict(String replyRegex, String label) {
        Pattern pattern = Pattern.compile(replyRegex, Pattern.DOTALL);
        AgentStatus[] seen = new AgentStatus[1];
        await().atMost(WAIT).pollInterval(Duration.ofMillis(50)).untilAsserted(() -> {
            String reply = reply();
            AgentStatus status = status();
            assertThat(reply).matches(pattern);
            assertThat(status.reply() + "\n").isEqualTo(reply);
            assertThat(status.verdict()).isEqualTo(label);
            seen[0] = status;
        });
        return seen[0];
    }

    /**
     * Polls 9505 until a reply matches {@code lastRegex}, recording every distinct reply on the
     * way: the path through a window whose phases last a second or two.
     */
    List<String> recordUntil(String lastRegex) throws IOException, InterruptedException {
        Pattern last = Pattern.compile(lastRegex, Pattern.DOTALL);
        List<String> replies = new ArrayList<>();
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            String reply = reply();
            if (replies.isEmpty() || !replies.get(replies.size() - 1).equals(reply)) {
                replies.add(reply);
            }
            if (last.matcher(reply).matches()) {
                return replies;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no reply matching " + lastRegex.strip() + " within " + WAIT.toSeconds()
                + " s; replies seen: " + replies);
    }

    /** The served verdicts in order, from {@code history.json} in the state dir. */
    List<String> history() throws IOException {
        List<String> labels = new ArrayList<>();
        new ObjectMapper().readTree(Files.readAllBytes(stateDir.resolve("history.json")))
                .forEach(transition -> labels.add(transition.get("to").asText()));
        return labels;
    }

    @Override
    public void close() {
        app.close();
    }
}
