package io.rxhealth.ovs.fleet;

import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.panic.PanicThreshold;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * How long a verdict change takes to reach every node's table through the fleet: three
 * {@link FleetRuntime}s on a real 3-server cluster, 10 pools of 100 members (1,000 members),
 * 1024 slots each. Each event takes one member out on two nodes at once (the quorum's second
 * observation is the poll that decides) and times until all three nodes hold a table without it,
 * then brings it back. Also counts the tables committed and the commits that lost the race. Run
 * from the repository root after {@code mvn -pl ovs-sink -am test-compile}, under the bench lock:
 * {@code java -cp "$(cat ovs-sink/target/cp.txt):ovs-sink/target/test-classes:ovs-sink/target/classes:weighting/target/classes" io.rxhealth.ovs.fleet.FleetLatency [events]}
 * (cp.txt from {@code mvn -pl ovs-sink dependency:build-classpath -Dmdep.outputFile=target/cp.txt}).
 */
public final class FleetLatency {
    private static final int POOLS = 10;
    private static final int MEMBERS = 100;

    private FleetLatency() {
    }

    public static void main(String[] args) throws Exception {
        int events = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        List<FleetPool> pools = new ArrayList<>();
        for (int p = 0; p < POOLS; p++) {
            List<FleetPool.FleetMember> members = new ArrayList<>();
            for (int m = 0; m < MEMBERS; m++) {
                members.add(new FleetPool.FleetMember("10.1." + p + "." + m + ":8080", 100, 9505));
            }
            pools.add(new FleetPool("pool-" + p, String.valueOf(p + 1), 1024, PanicThreshold.DEFAULT, members));
        }
        try (OvsdbCluster cluster = OvsdbCluster.start()) {
            List<Map<String, Observation>> sees = new ArrayList<>();
            List<FleetRuntime> nodes = new ArrayList<>();
            for (int n = 0; n < 3; n++) {
                String name = "lb-" + n;
                Map<String, Observation> seen = new ConcurrentHashMap<>();
                pools.forEach(pool -> pool.members().forEach(m -> seen.put(m.key(), up(name))));
                sees.add(seen);
                List<String> remotes = new ArrayList<>(cluster.remotes().stream().map(Object::toString).toList());
                remotes.add(0, remotes.remove(n));
                FleetRuntime node = new FleetRuntime(name, remotes, Duration.ofSeconds(1), Duration.ofSeconds(5), pools,
                        key -> new FleetNode.LocalObservation(seen.get(key), ""), () -> { }, Ticker.system(),
                        Clock.systemUTC());
                nodes.add(node);
                node.start();
            }
            for (FleetRuntime node : nodes) {
                node.awaitFirstRound(Duration.ofSeconds(30));
            }
            awaitAll(nodes, pools, null, true);
            long[] nanos = new long[events];
            for (int e = 0; e < events; e++) {
                FleetPool pool = pools.get(e % POOLS);
                String member = pool.members().get((e * 7) % MEMBERS).key();
                long start = System.nanoTime();
                for (int n = 0; n < 2; n++) {
                    sees.get(n).put(member, down("lb-" + n));
                    nodes.get(n).request();
                }
                awaitAll(nodes, List.of(pool), member, false);
                nanos[e] = System.nanoTime() - start;
                for (int n = 0; n < 2; n++) {
                    sees.get(n).put(member, up("lb-" + n));
                    nodes.get(n).request();
                }
                awaitAll(nodes, List.of(pool), member, true);
            }
            Arrays.sort(nanos);
            System.out.printf("3 nodes, %d pools x %d members, 1024 slots, %d events: verdict to every node's table"
                    + " p50 %.1f ms, p99 %.1f ms, max %.1f ms%n", POOLS, MEMBERS, events, nanos[events / 2] / 1e6,
                    nanos[(int) Math.ceil(events * 0.99) - 1] / 1e6, nanos[events - 1] / 1e6);
            long commits = nodes.stream().mapToLong(n -> n.status().commits()).sum();
            long races = nodes.stream().mapToLong(n -> n.status().lostRaces()).sum();
            System.out.printf("tables committed %d (%d per event), commits that lost the race %d%n", commits,
                    commits / Math.max(1, 2L * events), races);
            nodes.forEach(FleetRuntime::close);
        }
    }

    /** Polls every node's table until {@code member} holds slots ({@code in}) or none; null: every member in. */
    private static void awaitAll(List<FleetRuntime> nodes, List<FleetPool> pools, String member, boolean in)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            boolean all = true;
            for (FleetRuntime node : nodes) {
                for (FleetPool pool : pools) {
                    var table = node.table(pool.name());
                    if (table.isEmpty()) {
                        all = false;
                        continue;
                    }
                    var counts = table.get().slotCounts();
                    if (member == null) {
                        all &= counts.values().stream().allMatch(c -> c > 0);
                    } else {
                        all &= in == (counts.getOrDefault(member, 0) > 0);
                    }
                }
            }
            if (all) {
                return;
            }
            // A lab harness: a 0.2 ms poll of the nodes' tables bounds the timing error.
            TimeUnit.MICROSECONDS.sleep(200);
        }
        throw new IllegalStateException("tables did not converge within 30 s");
    }

    private static Observation up(String node) {
        return new Observation(node, true, true, false, false, 100, 0);
    }

    private static Observation down(String node) {
        return new Observation(node, false, true, false, false, 100, 0);
    }
}
