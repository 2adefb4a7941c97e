package io.rxhealth.agent.cli;

import io.rxhealth.agent.state.MarkerFiles;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** Shared by {@code drain} and {@code maint}. */
abstract class MarkerCommand implements Callable<Integer> {
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
