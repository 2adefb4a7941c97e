package io.rxhealth.ovs.fleet;

import java.util.Arrays;
import java.util.Collection;
import java.util.Optional;
import java.util.Set;

/**
 * Health by quorum: a member's state is what a majority of the live LB nodes observe. A member one
 * node cannot reach stays in everywhere; one most nodes cannot reach goes out everywhere. Pure.
 */
public final class Quorum {
    private Quorum() {
    }

    /** Votes needed among {@code live} nodes: more than half. */
    public static int majority(int live) {
        return live / 2 + 1;
    }

    /**
     * The fleet's verdict on one member from every node's latest {@code observations}; only those
     * of {@code liveNodes} count. A live node that has not observed the member yet counts against
     * "up" (it is not probed there yet, as on a single node), and is left out of the median. Empty
     * when no node is live: the caller keeps the last table (fail-static).
     */
    public static Optional<FleetVerdict> verdict(Collection<Observation> observations, Set<String> liveNodes) {
        if (liveNodes.isEmpty()) {
            return Optional.empty();
        }
        int need = majority(liveNodes.size());
        int probeUp = 0;
        int agentUp = 0;
        int drain = 0;
        int maint = 0;
        int[] percents = new int[observations.size()];
        int votes = 0;
        for (Observation o : observations) {
            if (!liveNodes.contains(o.node())) {
                continue;
            }
            probeUp += o.probeUp() ? 1 : 0;
            agentUp += o.agentUp() ? 1 : 0;
            drain += o.agentDrain() ? 1 : 0;
            maint += o.agentMaint() ? 1 : 0;
            percents[votes++] = o.weightPercent();
        }
        if (votes == 0) {
            return Optional.of(new FleetVerdict(false, true, false, false, 100, 0, 0));
        }
        Arrays.sort(percents, 0, votes);
        return Optional.of(new FleetVerdict(probeUp >= need, agentUp >= need, drain >= need, maint >= need,
                percents[(votes - 1) / 2], votes, probeUp));
    }
}
