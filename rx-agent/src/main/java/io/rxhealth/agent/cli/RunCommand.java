package io.rxhealth.agent.cli;

import static java.util.Objects.requireNonNull;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code run}: the agent itself, until SIGTERM; SIGHUP re-reads the config. */
@Command(name = "run", description = "Run the agent: checks in the background, verdict on 9505.")
final class RunCommand implements Callable<Integer> {
    @CommandLine.Mixin
    ConfigOption config;

    private final AgentLauncher launcher;

    RunCommand(AgentLauncher launcher) {
        this.launcher = requireNonNull(launcher, "launcher");
    }

    @Override
    public Integer call() throws Exception {
        AutoCloseable app = launcher.start(config::load);
        LoggerFactory.getLogger(RunCommand.class).info("started; systemctl reload (SIGHUP) re-reads the config");
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                app.close();
            } catch (Exception e) {
                LoggerFactory.getLogger(RunCommand.class).warn("error while stopping: {}", e.toString());
            } finally {
                stopped.countDown();
            }
        }, "rx-shutdown"));
        // Serve until SIGTERM/SIGINT; the shutdown hook stops the servers first.
        stopped.await();
        return 0;
    }
}
