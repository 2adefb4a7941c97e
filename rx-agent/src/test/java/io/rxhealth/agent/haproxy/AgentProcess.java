package io.rxhealth.agent.haproxy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The shipped agent, {@code java -jar target/rx-health-agent.jar run -c CONFIG}, as a child
 * process with its output in {@code agent.log}; also runs the jar's other commands against the
 * same config. {@link #close()} stops the agent by its PID (SIGTERM, then SIGKILL).
 */
final class AgentProcess implements AutoCloseable {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);
    // Small heap and C1 only: the agent's own service settings, and quicker to start on a busy CI box.
    private static final List<String> JVM = List.of("-XX:+UseSerialGC", "-Xmx64m", "-XX:TieredStopAtLevel=1");

    private final Path jar;
    private final Path config;
    private final Path log;
    private final URI status;
    private final Process process;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final ObjectMapper json = new ObjectMapper();

    private AgentProcess(Path jar, Path config, Path log, URI status, Process process) {
        this.jar = jar;
        this.config = config;
        this.log = log;
        this.status = status;
        this.process = process;
    }

    /** The agent jar that {@code mvn package} builds in this module's {@code target}. */
    static Path jar() {
        // Surefire and failsafe set basedir to the module directory; an IDE runs in it.
        Path module = Path.of(System.getProperty("basedir", System.getProperty("user.dir")));
        Path jar = module.resolve("target/rx-health-agent.jar").toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + ": not found (expected: the built agent; run"
                    + " `mvn -B -pl rx-agent -am package -DskipTests` first, or `verify`, which packages before ITs)");
        }
        return jar;
    }

    /** Writes {@code yaml} to {@code dir/agent.yaml}, starts the agent and waits for its first verdict. */
    static AgentProcess start(Path dir, String yaml, URI status) throws IOException, InterruptedException {
        Path jar = jar();
        Path config = dir.resolve("agent.yaml");
        Files.writeString(config, yaml, StandardCharsets.UTF_8);
        Path log = dir.resolve("agent.log");
        Process process = new ProcessBuilder(command(jar, List.of("run", "-c", config.toString())))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        AgentProcess agent = new AgentProcess(jar, config, log, status, process);
        try {
            agent.awaitStatus();
        } catch (IOException | RuntimeException | InterruptedException e) {
            agent.close();
            throw e;
        }
        return agent;
    }

    /** The agent's {@code /status} document. */
    JsonNode status() throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(status).timeout(Duration.ofSeconds(2))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(status + ": HTTP " + response.statusCode() + ": " + response.body());
        }
        return json.readTree(response.body());
    }

    /** One sample of the agent's {@code /metrics}, e.g. {@code rxhealth_agentcheck_replies_total}. */
    double metric(String name) throws IOException, InterruptedException {
        URI metrics = status.resolve("/metrics");
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(metrics).timeout(Duration.ofSeconds(2))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        for (String line : response.body().split("\n")) {
            if (line.startsWith(name + " ")) {
                return Double.parseDouble(line.substring(name.length() + 1).trim());
            }
        }
        throw new IOException(metrics + ": no sample " + name + " in: " + response.body());
    }

    /** Runs {@code rx-health-agent ARGS -c CONFIG} to its end, as an operator on the node would. */
    Commands.Result cli(String... args) throws IOException, InterruptedException {
        List<String> withConfig = new ArrayList<>(List.of(args));
        withConfig.addAll(List.of("-c", config.toString()));
        return Commands.run(Duration.ofSeconds(30), command(jar, withConfig));
    }

    JsonNode parse(String text) throws IOException {
        return json.readTree(text);
    }

    String log() throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    }

    private static List<String> command(Path jar, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM);
        command.addAll(List.of("-jar", jar.toString()));
        command.addAll(args);
        return command;
    }

    private void awaitStatus() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        IOException last = null;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("agent exited with " + process.exitValue() + ": " + log());
            }
            try {
                status();
                return;
            } catch (IOException e) {
                last = e;
            }
            Thread.sleep(100);
        }
        throw new IOException("agent: " + status + " not answering within " + START_TIMEOUT + " ("
                + (last == null ? "no answer" : last.getMessage()) + "): " + log());
    }

    @Override
    public void close() {
        Processes.stop(process, Duration.ofSeconds(10));
    }
}
