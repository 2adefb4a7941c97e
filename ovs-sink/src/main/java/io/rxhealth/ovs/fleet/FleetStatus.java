package io.rxhealth.ovs.fleet;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The fleet as one node sees it, for {@code /fleet}, the {@code fleet} part of {@code /status} and
 * {@code /slots}, {@code slots}, {@code health} and metrics. Taken at the end of the node's last
 * round. Durations are milliseconds.
 *
 * @param failStatic       true while this node is cut off from the cluster majority: it keeps its last
 *                         tables and writes nothing
 * @param remote           the cluster member in use, "" when none
 * @param liveNodes        the LB nodes whose heartbeat is fresh
 * @param majority         the observations a member's state needs: more than half of the live nodes
 * @param configDiffers    pools this node's configuration describes otherwise than the database: it
 *                         installs their tables but does not compute them
 * @param pools            per pool: the database's table against what each node installed, and the
 *                         quorum's view of each member
 * @param commits          tables this node committed
 * @param lostRaces        commits whose wait failed because another node's table came first
 * @param replicationLagMs per live node, from its last heartbeat's write (its wall clock) to its
 *                         arrival in this node's replica (this node's wall clock): commit, Raft
 *                         replication and the monitor's update; clock skew between hosts adds to it
 * @param writes           transactions this node sent, by kind ({@code heartbeat}, {@code observation},
 *                         {@code operator}, {@code import}, {@code table})
 */
public record FleetStatus(String node, boolean failStatic, String remote, Set<String> liveNodes, int majority,
                          Set<String> configDiffers, List<PoolAgreement> pools, long commits, long lostRaces,
                          Map<String, Long> replicationLagMs, Map<String, Long> writes) {
    public FleetStatus {
        liveNodes = Set.copyOf(liveNodes);
        configDiffers = Set.copyOf(configDiffers);
        pools = List.copyOf(pools);
        replicationLagMs = Map.copyOf(replicationLagMs);
        writes = Map.copyOf(writes);
    }

    /** The largest replication lag of a live node, 0 when none is known. */
    public long maxReplicationLagMs() {
        return replicationLagMs.values().stream().mapToLong(Long::longValue).max().orElse(0);
    }

    /**
     * One pool's table in the database against what each node installed, and the quorum's members.
     *
     * @param version      the database's table version, 0 when it holds none
     * @param digest       the database's table digest, "" when none
     * @param computedBy   the node that committed that table, "" when none
     * @param panic        the table was computed in panic (probe-up members at their configured weight)
     * @param healthyShare the pool's healthy share when it was computed; null when no weight counted
     *                     or there is no table
     * @param installed    per node, the digest it says it installed
     * @param dissent      members whose probe this node sees otherwise than the quorum (a fault between
     *                     this node and them, or one the other nodes have)
     * @param members      the quorum's view of each member now, in the pool's order; empty before the
     *                     first round in contact with the cluster
     */
    public record PoolAgreement(String pool, long version, String digest, String computedBy, boolean panic,
                                Double healthyShare, Map<String, String> installed, int dissent,
                                List<MemberView> members) {
        public PoolAgreement {
            installed = Map.copyOf(installed);
            members = List.copyOf(members);
        }

        /** Nodes whose installed digest is not the database's. */
        @JsonProperty("disagreeing")
        public long disagreeing() {
            return installed.values().stream().filter(d -> !d.equals(digest)).count();
        }
    }

    /**
     * One member as the fleet decides it.
     *
     * @param verdict         the fleet's verdict by the single node's words: {@code up}, {@code up (panic)},
     *                        {@code down (probe)}, {@code drain (operator)}, ...
     * @param probeUpVotes    live nodes whose probe sees the member up
     * @param votes           live nodes that observed the member
     * @param agent           the agent as the quorum sees it ({@code up 75%}, {@code drain}, ...) or {@code off}
     * @param operatorDrained an operator drained it, on whichever node
     * @param weight          the weight the quorum gives it now (after panic)
     * @param tableWeight     the weight the database's table was computed with; null without a table
     * @param probeDownOn     live nodes whose probe sees it down
     */
    public record MemberView(String key, String verdict, int probeUpVotes, int votes, String agent,
                             boolean operatorDrained, int weight, Integer tableWeight, List<String> probeDownOn) {
        public MemberView {
            probeDownOn = List.copyOf(probeDownOn);
        }
    }
}
