package io.rxhealth.ovs.fleet;

import io.rxhealth.ovs.pool.LbMetrics;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The fleet's meters: quorum, replication and agreement, as this node sees them. */
public final class FleetMetrics {
    private FleetMetrics() {
    }

    public static void register(LbMetrics metrics, FleetRuntime fleet, List<String> pools) {
        metrics.gauge("rxhealth_lbd_fleet_connected", "1 while in contact with the OVSDB cluster majority, 0 while fail-static",
                Map.of(), () -> fleet.status().failStatic() ? 0 : 1);
        metrics.gauge("rxhealth_lbd_fleet_live_nodes", "LB nodes whose heartbeat is fresh (the quorum counts among them)",
                Map.of(), () -> fleet.status().liveNodes().size());
        metrics.gauge("rxhealth_lbd_fleet_commits", "Slot tables this node committed", Map.of(), () -> fleet.status().commits());
        metrics.gauge("rxhealth_lbd_fleet_lost_races", "Commits whose wait on the version failed: another node's table came first",
                Map.of(), () -> fleet.status().lostRaces());
        for (String pool : pools) {
            Map<String, String> tags = Map.of("pool", pool);
            metrics.gauge("rxhealth_lbd_fleet_table_version", "Version of the pool's slot table in the database", tags,
                    () -> agreement(fleet, pool).map(FleetStatus.PoolAgreement::version).orElse(0L));
            metrics.gauge("rxhealth_lbd_fleet_disagreeing_nodes", "LB nodes whose installed digest is not the database's",
                    tags, () -> agreement(fleet, pool).map(FleetStatus.PoolAgreement::disagreeing).orElse(0L));
        }
    }

    private static Optional<FleetStatus.PoolAgreement> agreement(FleetRuntime fleet, String pool) {
        return fleet.status().pools().stream().filter(p -> p.pool().equals(pool)).findFirst();
    }
}
