package io.rxhealth.ovs.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code flows [TABLE]}: the bridge's flows as the daemon's ovs-ofctl dumps them. */
@Command(name = "flows", mixinStandardHelpOptions = true,
        description = "Dump the bridge's flows (one table when given), through the daemon.")
final class FlowsCommand implements Callable<Integer> {
    private final PrintWriter out;
    private final PrintWriter err;

    @Mixin
    ApiOption api = new ApiOption();

    @Parameters(index = "0", arity = "0..1", paramLabel = "TABLE", description = "Table number 0..254.")
    Integer table;

    FlowsCommand(PrintWriter out, PrintWriter err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() throws InterruptedException {
        try {
            out.print(api.client().get(table == null ? "/flows" : "/flows?table=" + table));
            out.flush();
            return 0;
        } catch (ApiClient.ApiException e) {
            err.println("rx-health-lbd: " + e.getMessage());
            return 1;
        }
    }
}
