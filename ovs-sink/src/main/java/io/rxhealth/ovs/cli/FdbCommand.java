package io.rxhealth.ovs.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code fdb}: MACs learned by the private segments' flow-based switching (table 25). */
@Command(name = "fdb", mixinStandardHelpOptions = true,
        description = "Show the MACs the private segments learned (table 25), through the daemon.")
final class FdbCommand implements Callable<Integer> {
    private final PrintWriter out;
    private final PrintWriter err;

    @Mixin
    ApiOption api = new ApiOption();

    @Option(names = "--raw", description = "Print table 25 as dump-flows prints it.")
    boolean raw;

    FdbCommand(PrintWriter out, PrintWriter err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() throws InterruptedException {
        try {
            String dump = api.client().get("/fdb");
            out.print(raw ? dump : render(FdbEntries.parse(dump)));
            out.flush();
            return 0;
        } catch (ApiClient.ApiException e) {
            err.println("rx-health-lbd: " + e.getMessage());
            return 1;
        }
    }

    static String render(List<FdbEntries.Entry> entries) {
        TextTable t = new TextTable("SEGMENT", "MAC", "PORT", "PACKETS", "AGE S");
        for (FdbEntries.Entry e : entries) {
            t.row(e.segment(), e.mac(), e.port(), e.packets(), e.ageSeconds());
        }
        return t.render();
    }
}
