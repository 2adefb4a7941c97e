package io.rxhealth.ovs.cli;

import io.rxhealth.ovs.fleet.FleetStatus;
import io.rxhealth.ovs.pool.MemberReport;
import io.rxhealth.ovs.pool.PoolReport;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code slots}: the weight-aware slot report; in a fleet, also the agreement of the nodes' tables. */
@Command(name = "slots", mixinStandardHelpOptions = true,
        description = "Show per member verdict, weights, target share, slots held and deviation from quota (and, in a"
                + " fleet, the database's table of each pool against the digest each node installed).")
final class SlotsCommand extends ApiCommand {

    @Option(names = "--json", description = "Print the API's /slots JSON.")
    boolean json;

    SlotsCommand(PrintWriter out, PrintWriter err) {
        super(out, err);
    }

    @Override
    String output(ApiClient client) throws ApiClient.ApiException, InterruptedException {
        String body = client.get("/slots");
        return json ? body + "\n" : render(client.pools("/slots", body), client.fleet("/slots", body));
    }

    static String render(List<PoolReport> pools) {
        return render(pools, Optional.empty());
    }

    static String render(List<PoolReport> pools, Optional<FleetStatus> fleet) {
        StringBuilder sb = new StringBuilder();
        TextTable t = new TextTable("POOL", "MEMBER", "VERDICT", "AGENT", "AGENT W", "EFFECTIVE W", "SHARE",
                "SLOTS", "QUOTA", "DEVIATION", "PACKETS", "BYTES");
        for (PoolReport p : pools) {
            for (MemberReport m : p.members()) {
                t.row(p.name(), m.key(), m.verdict(), m.agent(), m.agentWeight(), m.effectiveWeight(),
                        String.format(Locale.ROOT, "%.1f%%", m.targetShare() * 100), m.slots(),
                        String.format(Locale.ROOT, "%.1f", m.quota()),
                        String.format(Locale.ROOT, "%+.1f", m.deviation()),
                        m.packets() < 0 ? "-" : Long.toString(m.packets()), m.bytes() < 0 ? "-" : Long.toString(m.bytes()));
            }
        }
        sb.append(t.render());
        for (PoolReport p : pools) {
            sb.append('\n').append("pool ").append(p.name()).append(" (id ").append(p.id()).append(", ")
                    .append(p.listener() == null ? "-" : p.listener()).append(", ").append(p.slots()).append(" slots)")
                    .append(p.failClose() ? ": FAIL-CLOSE, every member out" : "")
                    .append(p.panic() ? (p.failClose() ? "; " : ": ") + "PANIC, healthy share " + percent(p.healthyShare())
                            + " below " + p.panicThreshold() + "%, probe-up members at their configured weight" : "")
                    .append('\n')
                    .append("  digest       ").append(p.digest() == null ? "- (nothing applied yet)" : p.digest()).append('\n')
                    .append("  last change  ").append(p.lastApplyAt() == null ? "-" : p.lastApplyAt())
                    .append(" (").append(p.lastSlotsMoved()).append(" slots moved)").append('\n');
            List<String> zero = p.members().stream().filter(MemberReport::zeroSlots).map(MemberReport::key).toList();
            if (!zero.isEmpty()) {
                sb.append("  zero slots   ").append(String.join(", ", zero))
                        .append(" (positive weight, share below one slot: no traffic)").append('\n');
            }
            if (p.lastError() != null) {
                sb.append("  last error   ").append(p.lastError()).append(" (").append(p.applyFailures())
                        .append(" failed applies)").append('\n');
            }
        }
        fleet.ifPresent(f -> sb.append('\n').append(FleetView.agreement(f)));
        return sb.toString();
    }

    private static String percent(Double share) {
        return share == null ? "-" : String.format(Locale.ROOT, "%.1f%%", share * 100);
    }
}
