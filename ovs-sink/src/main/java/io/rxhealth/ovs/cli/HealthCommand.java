package io.rxhealth.ovs.cli;

import io.rxhealth.ovs.fleet.FleetStatus;
import io.rxhealth.ovs.pool.MemberReport;
import io.rxhealth.ovs.pool.PoolReport;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code health}: every member's verdict, probe and agent state; in a fleet, also the quorum's view of each. */
@Command(name = "health", mixinStandardHelpOptions = true, description = "Show members' probe and agent state (and,"
        + " in a fleet, the fleet's view of each member).")
final class HealthCommand extends ApiCommand {

    @Option(names = "--json", description = "Print the API's /status JSON.")
    boolean json;

    HealthCommand(PrintWriter out, PrintWriter err) {
        super(out, err);
    }

    @Override
    String output(ApiClient client) throws ApiClient.ApiException, InterruptedException {
        String body = client.get("/status");
        return json ? body + "\n" : render(client.pools("/status", body), client.fleet("/status", body));
    }

    static String render(List<PoolReport> pools) {
        return render(pools, Optional.empty());
    }

    static String render(List<PoolReport> pools, Optional<FleetStatus> fleet) {
        TextTable t = new TextTable("POOL", "MEMBER", "VERDICT", "PROBE", "AGENT", "LAST REPLY", "AGENT ERROR",
                "WEIGHT", "EFFECTIVE", "DRAIN");
        for (PoolReport p : pools) {
            for (MemberReport m : p.members()) {
                t.row(p.name(), m.key(), m.verdict(), m.probe(), m.agent(),
                        m.lastReply() == null ? null : "'" + m.lastReply() + "'", m.agentFailure(),
                        m.configuredWeight(), m.effectiveWeight(), m.operatorDrain() ? "operator" : "no");
            }
        }
        return t.render() + fleet.map(f -> "\n" + FleetView.members(f)).orElse("");
    }
}
