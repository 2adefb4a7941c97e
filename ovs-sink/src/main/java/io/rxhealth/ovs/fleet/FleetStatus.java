package io.rxhealth.ovs.fleet;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The fleet as one node sees it, for {@code /status}, {@code slots}, {@code health} and metrics.
 *
 * @param failStatic true while this node is cut off from the cluster majority: it keeps its last
 *                   tables and writes nothing
 * @param remote     the cluster member in use, "" when none
 * @param liveNodes  the LB nodes whose heartbeat is fresh
 * @param configDiffers pools this node's configuration describes otherwise than the database: it
 *                   installs their tables but does not compute them
 * @param pools      per pool: the database's table against what each node installed
 * @param commits    tables this node committed
 * @param lostRaces  commits whose wait failed because another node's table came first
 */
public record FleetStatus(String node, boolean failStatic, String remote, Set<String> liveNodes, Set<String> configDiffers,
                          List<PoolAgreement> pools,
                          long commits, long lostRaces) {
    public FleetStatus {
        liveNodes = Set.copyOf(liveNodes);
        configDiffers = Set.copyOf(configDiffers);
        pools = List.copyOf(pools);
    }

    /**
     * @param version   the database's table version, 0 when it holds none
     * @param digest    the database's table digest, "" when none
     * @param installed per node, the digest it says it installed
     */
    public record PoolAgreement(String pool, long version, String digest, Map<String, String> installed) {
        public PoolAgreement {
            installed = Map.copyOf(installed);
        }

        /** Nodes whose installed digest is not the database's. */
        public long disagreeing() {
            return installed.values().stream().filter(d -> !d.equals(digest)).count();
        }
    }
}
