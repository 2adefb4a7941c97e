package io.rxhealth.ovs.cli;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.ovs.LbNode;
import io.rxhealth.ovs.SlotTableWriter;
import io.rxhealth.ovs.SlotTableWriters;
import io.rxhealth.ovs.config.ConfigException;
import io.rxhealth.ovs.config.ConfigLoader;
import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code run --config FILE}: the daemon, until SIGTERM. */
@Command(name = "run", mixinStandardHelpOptions = true, description = "Run the LB-node daemon.")
final class RunCommand implements Callable<Integer> {
    private final PrintWriter out;
    private final PrintWriter err;

    @Option(names = "--config", required = true, paramLabel = "FILE", description = "YAML configuration.")
    Path config;

    @Option(names = "--dry-run", description = "Compute and log slot tables, write nothing to Open vSwitch.")
    boolean dryRun;

    RunCommand(PrintWriter out, PrintWriter err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() throws Exception {
        LbConfig cfg;
        SlotTableWriter writer;
        try {
            cfg = new ConfigLoader().load(config);
            if (dryRun && cfg.pipeline().isPresent()) {
                err.println("rx-health-lbd: dry run: the pipeline of " + cfg.pipeline().get().file() + " is not applied");
                cfg = cfg.withoutPipeline();
            }
            writer = SlotTableWriters.forConfig(cfg, dryRun);
        } catch (ConfigException | IllegalStateException e) {
            err.println("rx-health-lbd: " + e.getMessage());
            return 1;
        }
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        CountDownLatch stopped = new CountDownLatch(1);
        LbNode node;
        try {
            node = new LbNode(cfg, writer, registry, InstantSource.system(), Ticker.system());
        } catch (IOException e) {
            err.println("rx-health-lbd: " + e.getMessage());
            return 1;
        }
        Thread hook = new Thread(() -> {
            try {
                node.close();
            } finally {
                stopped.countDown();
            }
        }, "rx-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        node.start();
        out.flush();
        stopped.await();
        return 0;
    }
}
