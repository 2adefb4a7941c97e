package io.rxhealth.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rxhealth.agent.config.AgentConfig;
import io.rxhealth.agent.config.ConfigException;
import io.rxhealth.agent.config.ConfigLoader;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Markers;
import io.rxhealth.weighting.Policy;
import io.rxhealth.weighting.Verdict;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The {@code rx-health-agent} command line. picocli gives subcommands, {@code --help} and
 * usage errors for free and is a single small jar without dependencies.
 */
@Command(name = "rx-health-agent", mixinStandardHelpOptions = true, version = "rx-health-agent 0.1.0",
        description = "Checks this node and serves one verdict to HAProxy's agent-check on TCP 9505.",
        subcommands = {AgentCli.Run.class, AgentCli.Status.class, AgentCli.CheckOnce.class, AgentCli.Drain.class,
                AgentCli.Maint.class, AgentCli.ConfigCmd.class, AgentCli.HistoryCmd.class})
final class AgentCli implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new AgentCli());
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            cmd.getErr().println("rx-health-agent: " + (e instanceof ConfigException || e instanceof IllegalStateException
                    || e instanceof IllegalArgumentException || e instanceof IOException
                    ? e.getMessage() : e.toString()));
            return 1;
        });
        return cli;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required (see --help)");
    }

    /** The {@code --config} option every command shares. */
    static class ConfigOption {
        @Option(names = {"-c", "--config"}, paramLabel = "FILE",
                description = "YAML config (default: the embedded host-only config)")
        Path config;

        AgentConfig load() {
            return new ConfigLoader().load(Optional.ofNullable(config));
        }

        /** The state dir the agent uses with this config (created if need be). */
        Path stateDir() {
            return StateDirectory.resolve(load().stateDir());
        }
    }

    @Command(name = "run", description = "Run the agent: checks in the background, verdict on 9505.")
    static final class Run implements Callable<Integer> {
        @CommandLine.Mixin
        ConfigOption config;

        @Override
        public Integer call() throws Exception {
            AgentApp app = AgentApp.start(config.load());
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                app.close();
                stopped.countDown();
            }, "rx-shutdown"));
            // Serve until SIGTERM/SIGINT; the shutdown hook stops the servers first.
            stopped.await();
            return 0;
        }
    }

    @Command(name = "status", description = "Show the running agent's verdict and checks (from its /status).")
    static final class Status implements Callable<Integer> {
        @CommandLine.Mixin
        ConfigOption config;

        @Option(names = "--url", description = "status URL (default: from the config, http://127.0.0.1:9506/status)")
        URI url;

        @Option(names = "--json", description = "print the JSON as the agent serves it")
        boolean json;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            URI target = url;
            if (target == null) {
                var address = config.load().status().orElseThrow(() ->
                        new IllegalStateException("status is disabled in the config (status.enabled: false)"));
                target = URI.create("http://" + address.getHostString() + ":" + address.getPort() + "/status");
            }
            HttpResponse<String> response;
            try {
                response = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build().send(
                        HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(3)).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                throw new IOException("cannot reach the agent at " + target + ": " + CheckRunner.describe(e)
                        + " (is it running?)");
            }
            PrintWriter out = spec.commandLine().getOut();
            if (response.statusCode() != 200) {
                spec.commandLine().getErr().println("rx-health-agent: " + target + " answered "
                        + response.statusCode() + ": " + response.body().strip());
                return 1;
            }
            if (json) {
                out.println(response.body().strip());
                return 0;
            }
            AgentStatus s = Json.mapper().readValue(response.body(), AgentStatus.class);
            out.print(StatusTable.render(s));
            out.flush();
            return 0;
        }
    }

    @Command(name = "check", description = "Run every check once, print each, and exit by verdict: "
            + "0 full weight, 1 reduced weight, 2 down, 3 drain or maint.")
    static final class CheckOnce implements Callable<Integer> {
        @CommandLine.Mixin
        ConfigOption config;

        @Option(names = "--json", description = "print JSON")
        boolean json;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            AgentConfig cfg = config.load();
            ExecutorService pool = Executors.newCachedThreadPool(r -> {
                Thread t = new Thread(r, "rx-check");
                t.setDaemon(true);
                return t;
            });
            try (CheckFactory factory = new CheckFactory()) {
                CheckFactory.Built built = factory.build(cfg, io.rxhealth.weighting.Ticker.system(), InstantSource.system());
                List<CheckRunner.Outcome> outcomes = new CheckRunner(built.checks(), pool,
                        io.rxhealth.weighting.Ticker.system()).runAll();
                List<CheckResult> results = new ArrayList<>();
                outcomes.forEach(o -> results.add(o.result()));
                Markers markers = new MarkerFiles(StateDirectory.resolve(cfg.stateDir())).read();
                Verdict verdict = new Policy(built.policies(), CheckFactory.fallbackPolicy()).decide(results, markers);
                PrintWriter out = spec.commandLine().getOut();
                if (json) {
                    out.println(Json.mapper().writeValueAsString(Map.of("verdict", verdict.label(),
                            "reasons", verdict.reasons(), "checks", outcomes.stream().map(o -> Map.of(
                                    "name", o.result().check(), "level", o.result().level().name(),
                                    "detail", o.result().detail(), "durationMillis", o.duration().toMillis()))
                                    .toList())));
                } else {
                    out.print(StatusTable.checks(outcomes));
                    out.println();
                    out.println("verdict: " + verdict.label()
                            + (verdict.reasons().isEmpty() ? "" : "  (" + String.join("; ", verdict.reasons()) + ")"));
                }
                return exitCode(verdict);
            } finally {
                pool.shutdownNow();
            }
        }

        static int exitCode(Verdict v) {
            switch (v.state()) {
                case UP:
                    return v.weightPercent() >= 100 ? 0 : 1;
                case DOWN:
                    return 2;
                default:
                    return 3;
            }
        }
    }

    /** Shared by {@code drain} and {@code maint}. */
    abstract static class MarkerCommand implements Callable<Integer> {
        @CommandLine.Mixin
        ConfigOption config;

        @Parameters(index = "0", paramLabel = "on|off", description = "on sets the marker, off lifts it")
        String onOff;

        @Option(names = "--reason", description = "shown in HAProxy's stats and in status")
        String reason;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        abstract String marker();

        @Override
        public Integer call() throws Exception {
            boolean on;
            if ("on".equals(onOff)) {
                on = true;
            } else if ("off".equals(onOff)) {
                on = false;
            } else {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        marker() + ": '" + onOff + "' (expected: on or off)");
            }
            Path dir = config.stateDir();
            new MarkerFiles(dir).set(marker(), on, reason);
            spec.commandLine().getOut().println(marker() + " " + (on ? "set" : "lifted") + ": "
                    + dir.resolve(marker()) + (on ? "" : " (the agent says 'ready' for its ready-interval)"));
            return 0;
        }
    }

    @Command(name = "drain", description = "Drain this node (no new ordinary traffic): drain on|off.")
    static final class Drain extends MarkerCommand {
        @Override
        String marker() {
            return MarkerFiles.DRAIN;
        }
    }

    @Command(name = "maint", description = "Put this node in maintenance: maint on|off.")
    static final class Maint extends MarkerCommand {
        @Override
        String marker() {
            return MarkerFiles.MAINT;
        }
    }

    @Command(name = "config", description = "Config commands.", subcommands = ConfigCmd.Validate.class)
    static final class ConfigCmd implements Runnable {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public void run() {
            throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: validate");
        }

        @Command(name = "validate", description = "Validate a config and print a summary; exit 1 if invalid.")
        static final class Validate implements Callable<Integer> {
            @CommandLine.Mixin
            ConfigOption config;

            @CommandLine.Spec
            CommandLine.Model.CommandSpec spec;

            @Override
            public Integer call() {
                AgentConfig cfg = config.load();
                spec.commandLine().getOut().println("config OK: " + cfg.checks().size() + " checks ("
                        + String.join(", ", cfg.checks().stream().map(c -> c.name()).toList()) + "), listen "
                        + cfg.listen().address().getHostString() + ":" + cfg.listen().address().getPort()
                        + " (" + cfg.listen().socket() + ")");
                return 0;
            }
        }
    }

    @Command(name = "history", description = "Show the last verdict transitions.")
    static final class HistoryCmd implements Callable<Integer> {
        @CommandLine.Mixin
        ConfigOption config;

        @Option(names = "--json", description = "print JSON")
        boolean json;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            ObjectMapper mapper = Json.mapper();
            List<History.Transition> list = History.read(config.stateDir().resolve(History.NAME), mapper);
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                out.println(mapper.writeValueAsString(list));
            } else if (list.isEmpty()) {
                out.println("no transitions recorded");
            } else {
                out.print(StatusTable.history(list));
                out.flush();
            }
            return 0;
        }
    }
}
