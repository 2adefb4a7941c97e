package io.rxhealth.ovs.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code flows [TABLE]}: the bridge's flows as the daemon's ovs-ofctl dumps them. */
@Command(name = "flows", mixinStandardHelpOptions = true,
        description = "Dump the bridge's flows (one table when given), through the daemon.")
final class FlowsCommand extends ApiCommand {

    @Parameters(index = "0", arity = "0..1", paramLabel = "TABLE", description = "Table number 0..254.")
    Integer table;

    FlowsCommand(PrintWriter out, PrintWriter err) {
        super(out, err);
    }

    @Override
    String output(ApiClient client) throws ApiClient.ApiException, InterruptedException {
        return client.get(table == null ? "/flows" : "/flows?table=" + table);
    }
}
