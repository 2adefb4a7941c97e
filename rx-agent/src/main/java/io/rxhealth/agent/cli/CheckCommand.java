package io.rxhealth.agent.cli;

import io.rxhealth.agent.check.CheckFactory;
import io.rxhealth.agent.check.CheckRunner;
import io.rxhealth.agent.config.AgentConfig;
import io.rxhealth.agent.json.Json;
import io.rxhealth.agent.state.MarkerFiles;
import io.rxhealth.agent.state.StateDirectory;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Markers;
import io.rxhealth.weighting.Policy;
import io.rxhealth.weighting.Verdict;
import java.io.PrintWriter;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code check}: every check once, in the foreground, without rise/fall or recovery. */
@Command(name = "check", description = "Run every check once, print each, and exit by verdict: "
        + "0 full weight, 1 reduced weight, 2 down, 3 drain or maint.")
final class CheckCommand implements Callable<Integer> {
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
        try (CheckFactory factory = new CheckFactory(io.rxhealth.weighting.Ticker.system(), InstantSource.system())) {
            CheckFactory.Built built = factory.build(cfg);
            List<CheckRunner.Outcome> outcomes = new CheckRunner(built.checks(), pool,
                    io.rxhealth.weighting.Ticker.system()).runAll();
            List<CheckResult> results = new ArrayList<>();
            outcomes.forEach(o -> results.add(o.result()));
            Markers markers = new MarkerFiles(StateDirectory.resolve(cfg.stateDir())).read();
            Verdict verdict = new Policy(built.policies(), CheckFactory.fallbackPolicy()).decide(results, markers);
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                out.println(Json.json().asString(Map.of("verdict", verdict.label(),
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
