package io.rxhealth.ovs.cli;

import io.rxhealth.ovs.config.ConfigException;
import io.rxhealth.ovs.config.ConfigLoader;
import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.ovs.config.PoolConfig;
import io.rxhealth.ovs.pool.ZeroSlotMembers;
import io.rxhealth.ovs.slots.MemberSpec;
import io.rxhealth.ovs.slots.PoolSpec;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code config validate FILE}: loads and validates a configuration, prints one line, and
 * one warning line per member that could never hold a slot (exit code 0); exit 78 when invalid. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Validate a configuration as run loads it; exit 78 (config error) if invalid.")
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
            // A warning, not an error: the configuration runs, one member just never gets traffic.
            for (PoolConfig pool : config.pools()) {
                PoolSpec spec = pool.spec();
                for (String key : ZeroSlotMembers.whenHealthy(spec)) {
                    err.println(file + ": warning: pool " + spec.name() + ": member " + key + " (weight "
                            + spec.member(key).map(MemberSpec::configuredWeight).orElse(0) + ") holds no slot of "
                            + spec.slots() + " even with every member healthy: its share is below one slot");
                }
            }
            err.flush();
            return 0;
        } catch (ConfigException e) {
            err.println(e.getMessage());
            err.flush();
            return LbdCommand.CONFIG;
        }
    }
}
