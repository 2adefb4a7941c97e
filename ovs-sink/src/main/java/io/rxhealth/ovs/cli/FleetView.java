package io.rxhealth.ovs.cli;

import io.rxhealth.ovs.fleet.FleetStatus;
import java.util.Locale;
import java.util.Map;

/**
 * The fleet's part of {@code health} and {@code slots}: how this node stands in the fleet, the
 * quorum's view of each member, and per pool the database's table against the digest each node
 * installed (the agreement view).
 */
final class FleetView {
    private FleetView() {
    }

    /** One line: the node, its contact with the cluster, the live nodes and what a member needs. */
    static String header(FleetStatus f) {
        StringBuilder sb = new StringBuilder("fleet: node ").append(f.node());
        if (f.failStatic()) {
            sb.append(" CUT OFF from the cluster majority: fail-static, keeping the last tables and writing nothing");
        } else {
            sb.append(" through ").append(f.remote()).append("; live nodes ").append(String.join(", ", f.liveNodes()
                    .stream().sorted().toList())).append(" (a member's state needs ").append(f.majority())
                    .append(" of them); replication lag up to ").append(f.maxReplicationLagMs()).append(" ms");
        }
        sb.append('\n');
        if (!f.configDiffers().isEmpty()) {
            sb.append("fleet: this node's configuration describes pools ")
                    .append(String.join(", ", f.configDiffers().stream().sorted().toList()))
                    .append(" otherwise than the database: it installs their tables without computing them\n");
        }
        return sb.toString();
    }

    /** {@code health}: every member as the fleet decides it. */
    static String members(FleetStatus f) {
        TextTable t = new TextTable("POOL", "MEMBER", "FLEET VERDICT", "PROBE UP", "AGENT", "OPERATOR", "WEIGHT",
                "TABLE W", "PROBE DOWN ON");
        for (FleetStatus.PoolAgreement p : f.pools()) {
            for (FleetStatus.MemberView m : p.members()) {
                t.row(p.pool(), m.key(), m.verdict(), m.probeUpVotes() + "/" + m.votes(), m.agent(),
                        m.operatorDrained() ? "drained" : "no", m.weight(), m.tableWeight(),
                        m.probeDownOn().isEmpty() ? null : String.join(",", m.probeDownOn()));
            }
        }
        return header(f) + t.render();
    }

    /** {@code slots}: per pool the database's table, and per node the digest it installed. */
    static String agreement(FleetStatus f) {
        StringBuilder sb = new StringBuilder(header(f));
        TextTable t = new TextTable("POOL", "NODE", "INSTALLED", "AGREES");
        for (FleetStatus.PoolAgreement p : f.pools()) {
            sb.append("fleet pool ").append(p.pool()).append(": ");
            if (p.version() == 0) {
                sb.append("no table in the database yet");
            } else {
                sb.append("table version ").append(p.version()).append(", digest ").append(p.digest())
                        .append(", computed by ").append(p.computedBy());
                if (p.panic()) {
                    sb.append(", in PANIC (healthy share ").append(p.healthyShare() == null ? "-"
                            : String.format(Locale.ROOT, "%.1f%%", p.healthyShare() * 100)).append(')');
                }
            }
            sb.append("; ").append(p.disagreeing()).append(" of ").append(p.installed().size())
                    .append(" nodes installed another digest");
            if (p.dissent() > 0) {
                sb.append("; this node's probes see ").append(p.dissent()).append(" member(s) otherwise than the quorum");
            }
            sb.append('\n');
            for (Map.Entry<String, String> node : p.installed().entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .toList()) {
                t.row(p.pool(), node.getKey(), node.getValue(), node.getValue().equals(p.digest()) ? "yes" : "NO");
            }
        }
        return sb + t.render();
    }
}
