package io.rxhealth.agent;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code run}: the agent itself, until SIGTERM; SIGHUP re-reads the config. */
@Command(name = "run", description = "Run the agent: checks in the background, verdict on 9505.")
final class RunCommand implements Callable<Integer> {
    @CommandLine.Mixin
    ConfigOption config;

    @Override
    public Integer call() throws Exception {
        ConfigReload.holdSighupWhileStarting();
        AgentApp app = AgentApp.start(config.load(), config::load);
        app.reloadOnSighup();
        org.slf4j.LoggerFactory.getLogger(RunCommand.class).info("started; systemctl reload (SIGHUP) re-reads the config");
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
