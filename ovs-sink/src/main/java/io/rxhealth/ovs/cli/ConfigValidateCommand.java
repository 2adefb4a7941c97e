package io.rxhealth.ovs.cli;

import io.rxhealth.ovs.config.ConfigException;
import io.rxhealth.ovs.config.ConfigLoader;
import io.rxhealth.ovs.config.LbConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code config validate FILE}: loads and validates a configuration, prints one line. */
@Command(name = "validate", mixinStandardHelpOptions = true, description = "Validate a configuration file.")
final class ConfigValidateCommand implements Callable<Integer> {
    private final PrintWriter out;
    private final PrintWriter err;

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "The file (or -c FILE).")
    Path positional;

    @picocli.CommandLine.Option(names = {"-c", "--config"}, paramLabel = "FILE", defaultValue = "/etc/rx-health/lbd.yaml",
            description = "YAML configuration (default: ${DEFAULT-VALUE}), as run takes it.")
    Path option;

    Path file;

    ConfigValidateCommand(PrintWriter out, PrintWriter err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        file = positional != null ? positional : option;
        try {
            LbConfig config = new ConfigLoader().load(file);
            long members = config.pools().stream().mapToLong(p -> p.members().size()).sum();
            out.println(file + ": ok (" + config.pools().size() + " pools, " + members + " members)");
            out.flush();
            return 0;
        } catch (ConfigException e) {
            err.println(e.getMessage());
            err.flush();
            return 1;
        }
    }
}
