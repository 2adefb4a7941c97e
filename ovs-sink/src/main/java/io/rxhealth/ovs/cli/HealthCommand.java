package io.rxhealth.ovs.cli;

import io.rxhealth.ovs.pool.MemberReport;
import io.rxhealth.ovs.pool.PoolReport;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code health}: every member's verdict, probe and agent state. */
@Command(name = "health", mixinStandardHelpOptions = true, description = "Show members' probe and agent state.")
final class HealthCommand implements Callable<Integer> {
    private final PrintWriter out;
    private final PrintWriter err;

    @Mixin
    ApiOption api = new ApiOption();

    @Option(names = "--json", description = "Print the API's /status JSON.")
    boolean json;

    HealthCommand(PrintWriter out, PrintWriter err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() throws InterruptedException {
        try {
            ApiClient client = api.client();
            if (json) {
                out.print(client.get("/status"));
                out.println();
            } else {
                out.print(render(client.status()));
            }
            out.flush();
            return 0;
        } catch (ApiClient.ApiException e) {
            err.println("rx-health-lbd: " + e.getMessage());
            return 1;
        }
    }

    static String render(List<PoolReport> pools) {
        TextTable t = new TextTable("POOL", "MEMBER", "VERDICT", "PROBE", "AGENT", "LAST REPLY", "AGENT ERROR",
                "WEIGHT", "EFFECTIVE", "DRAIN");
        for (PoolReport p : pools) {
            for (MemberReport m : p.members()) {
                t.row(p.name(), m.key(), m.verdict(), m.probe(), m.agent(),
                        m.lastReply() == null ? null : "'" + m.lastReply() + "'", m.agentFailure(),
                        m.configuredWeight(), m.effectiveWeight(), m.operatorDrain() ? "operator" : "no");
            }
        }
        return t.render();
    }
}
