package io.rxhealth.ovs.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fdb}: MACs learned by the private segments' flow-based switching (table 25). */
@Command(name = "fdb", mixinStandardHelpOptions = true,
        description = "Show the MACs the private segments learned (table 25), through the daemon.")
final class FdbCommand extends ApiCommand {

    @Option(names = "--raw", description = "Print table 25 as dump-flows prints it.")
    boolean raw;

    FdbCommand(PrintWriter out, PrintWriter err) {
        super(out, err);
    }

    @Override
    String output(ApiClient client) throws ApiClient.ApiException, InterruptedException {
        String dump = client.get("/fdb");
        return raw ? dump : render(FdbEntries.parse(dump));
    }

    static String render(List<FdbEntries.Entry> entries) {
        TextTable t = new TextTable("SEGMENT", "MAC", "PORT", "PACKETS", "AGE S");
        for (FdbEntries.Entry e : entries) {
            t.row(e.segment(), e.mac(), e.port(), e.packets(), e.ageSeconds());
        }
        return t.render();
    }
}
