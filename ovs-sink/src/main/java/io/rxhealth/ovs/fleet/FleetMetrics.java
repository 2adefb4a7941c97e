package io.rxhealth.ovs.fleet;

import io.rxhealth.ovs.pool.LbMetrics;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The fleet's meters, as this node sees them: contact and quorum, replication (lag, the writes this
 * node sends) and agreement (each pool's table version, the nodes that did not install it, the
 * members this node's probes see otherwise than the quorum). Read from the node's last round.
 */
public final class FleetMetrics {
    private FleetMetrics() {
    }

    public static void register(LbMetrics metrics, FleetRuntime fleet, List<String> pools) {
        metrics.gauge("rxhealth_lbd_fleet_connected", "1 while in contact with the OVSDB cluster majority, 0 while fail-static",
                Map.of(), () -> fleet.status().failStatic() ? 0 : 1);
        metrics.gauge("rxhealth_lbd_fleet_live_nodes", "LB nodes whose heartbeat is fresh (the quorum counts among them)",
                Map.of(), () -> fleet.status().liveNodes().size());
        metrics.gauge("rxhealth_lbd_fleet_quorum_majority", "Live LB nodes that must observe a member up for it to be up"
                + " on every node: more than half of the live nodes", Map.of(), () -> fleet.status().majority());
        metrics.gauge("rxhealth_lbd_fleet_replication_lag_seconds", "Largest time of a live LB node's last heartbeat from"
                + " its write (that node's clock) to its arrival here (this node's clock)", Map.of(),
                () -> fleet.status().maxReplicationLagMs() / 1000.0);
        metrics.gauge("rxhealth_lbd_fleet_commits", "Slot tables this node committed", Map.of(), () -> fleet.status().commits());
        metrics.gauge("rxhealth_lbd_fleet_lost_races", "Commits whose wait on the version failed: another node's table came first",
                Map.of(), () -> fleet.status().lostRaces());
        for (FleetStore.Write kind : FleetStore.Write.values()) {
            String label = kind.name().toLowerCase(Locale.ROOT);
            metrics.counter("rxhealth_lbd_fleet_writes", "Transactions this node sent to the OVSDB cluster, by what they"
                    + " write", Map.of("kind", label), fleet, f -> f.status().writes().getOrDefault(label, 0L));
        }
        for (String pool : pools) {
            Map<String, String> tags = Map.of("pool", pool);
            metrics.gauge("rxhealth_lbd_fleet_table_version", "Version of the pool's slot table in the database", tags,
                    () -> agreement(fleet, pool).map(FleetStatus.PoolAgreement::version).orElse(0L));
            metrics.gauge("rxhealth_lbd_fleet_disagreeing_nodes", "LB nodes whose installed digest is not the database's",
                    tags, () -> agreement(fleet, pool).map(FleetStatus.PoolAgreement::disagreeing).orElse(0L));
            metrics.gauge("rxhealth_lbd_fleet_installed_agrees", "1 while this node installed the database's table of"
                    + " the pool, else 0", tags, () -> agreement(fleet, pool).map(p -> !p.digest().isEmpty()
                    && p.digest().equals(p.installed().get(fleet.status().node())) ? 1 : 0).orElse(0));
            metrics.gauge("rxhealth_lbd_fleet_member_dissent", "Members of the pool whose probe this node sees otherwise"
                    + " than the quorum of the live nodes", tags,
                    () -> agreement(fleet, pool).map(FleetStatus.PoolAgreement::dissent).orElse(0));
        }
    }

    private static Optional<FleetStatus.PoolAgreement> agreement(FleetRuntime fleet, String pool) {
        return fleet.status().pools().stream().filter(p -> p.pool().equals(pool)).findFirst();
    }
}
