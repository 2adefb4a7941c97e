package io.rxhealth.ovs.cli;

import static java.util.Objects.requireNonNull;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.ovs.config.ConfigException;
import io.rxhealth.ovs.config.ConfigLoader;
import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.weighting.reload.ConfigReload;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code run --config FILE}: the daemon, until SIGTERM; SIGHUP re-reads the config. */
@Command(name = "run", mixinStandardHelpOptions = true, description = "Run the LB-node daemon.")
final class RunCommand<N extends NodeFactory.Node> implements Callable<Integer> {
    private final PrintWriter out;
    private final PrintWriter err;
    private final NodeFactory<N> nodes;
    private final InstantSource clock;

    @Option(names = {"-c", "--config"}, paramLabel = "FILE", defaultValue = "/etc/rx-health/lbd.yaml",
            description = "YAML configuration (default: ${DEFAULT-VALUE}).")
    Path config;

    @Option(names = "--dry-run", description = "Compute and log slot tables, write nothing to Open vSwitch.")
    boolean dryRun;

    RunCommand(PrintWriter out, PrintWriter err, NodeFactory<N> nodes, InstantSource clock) {
        this.out = out;
        this.err = err;
        this.nodes = requireNonNull(nodes, "nodes");
        this.clock = requireNonNull(clock, "clock");
    }

    @Override
    public Integer call() throws Exception {
        ConfigReload.holdSighupWhileStarting(LbdReload.LOG);
        LbConfig cfg;
        try {
            cfg = load();
        } catch (ConfigException | IllegalStateException e) {
            err.println("rx-health-lbd: " + e.getMessage());
            return LbdCommand.CONFIG;
        }
        AtomicReference<N> running = new AtomicReference<>();
        ConfigReload<LbConfig> reload = new ConfigReload<>(this::load, cfg,
                (current, next) -> replace(running, current, next), clock, LbdReload.LOG);
        this.reload = reload;
        CountDownLatch stopped = new CountDownLatch(1);
        try {
            running.set(node(cfg, null));
        } catch (IOException e) {
            // The API's port taken, the switch unreachable: the host's to mend, not the config's.
            err.println("rx-health-lbd: " + e.getMessage());
            return LbdCommand.IO;
        } catch (IllegalStateException e) {
            err.println("rx-health-lbd: " + e.getMessage());
            return LbdCommand.CONFIG;
        }
        Thread hook = new Thread(() -> {
            try {
                synchronized (running) {
                    running.get().close();
                }
            } finally {
                stopped.countDown();
            }
        }, "rx-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        running.get().start();
        ExecutorService reloads = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "rx-reload");
            t.setDaemon(true);
            return t;
        });
        reload.onSighup(reloads);
        org.slf4j.LoggerFactory.getLogger(RunCommand.class).info("started; systemctl reload (SIGHUP) re-reads the config");
        out.flush();
        stopped.await();
        return 0;
    }

    private ConfigReload<LbConfig> reload;

    private LbConfig load() {
        LbConfig cfg = new ConfigLoader().load(config);
        if (dryRun && cfg.pipeline().isPresent()) {
            err.println("rx-health-lbd: dry run: the pipeline of " + cfg.pipeline().get().file() + " is not applied");
            cfg = cfg.withoutPipeline();
        }
        return cfg;
    }

    private N node(LbConfig cfg, N previous) throws IOException {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        if (reload != null) {
            LbdReload.register(reload, registry);
        }
        return nodes.create(cfg, dryRun, registry, previous);
    }

    /**
     * A reload that changed the config: the running node stops (the installed tables stay in the
     * switch), a node for {@code next} continues its member states and installed tables, so only
     * slots that differ are written. If the new node cannot start, one for {@code current} does.
     */
    private void replace(AtomicReference<N> running, LbConfig current, LbConfig next) throws Exception {
        synchronized (running) {
            N old = running.get();
            old.close();
            N fresh = null;
            try {
                fresh = node(next, old);
                fresh.start();
                running.set(fresh);
            } catch (Exception e) {
                if (fresh != null) {
                    fresh.close();
                }
                N back = node(current, old);
                back.start();
                running.set(back);
                throw e;
            }
        }
    }
}
