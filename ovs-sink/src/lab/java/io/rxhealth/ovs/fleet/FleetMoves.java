package io.rxhealth.ovs.fleet;

import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotDiff;
import io.rxhealth.weighting.maglev.SlotTable;
import io.rxhealth.weighting.panic.PanicThreshold;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The 40-event figure of docs/maglev.md through the fleet rather than through the pure function:
 * three {@link FleetRuntime}s on a real 3-server clustered ovsdb-server, POOLS pools of 100 members
 * of home weight 100, 1024 slots each. In each of 40 rounds one random member of every pool gets a
 * weight among 100/75/50/0 other than its own (its agent's percentage, the same reply for every
 * node); the round ends when every node holds, for every pool, a table computed from the new
 * weights. Moves are counted between the consecutive tables the nodes hold (all three must hold the
 * same digest, one version a round) and compared with the per-event minimum (the slots the change
 * of exact quotas needs) and with {@link Maglev#layout} on the same sequence. Panic is off: the
 * figure is about the layout. Run from the repository root under the bench and OVS locks:
 * {@code java -cp "ovs-sink/target/test-classes:ovs-sink/target/classes:ovs-sink/target/lib/*:$AWAITILITY"
 * io.rxhealth.ovs.fleet.FleetMoves [pools]}.
 */
public final class FleetMoves {
    private static final int MEMBERS = 100;
    private static final int SLOTS = 1024;
    private static final int EVENTS = 40;
    private static final int[] WEIGHTS = {100, 75, 50, 0};

    private FleetMoves() {
    }

    public static void main(String[] args) throws Exception {
        int poolCount = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        List<FleetPool> pools = new ArrayList<>();
        List<Random> randoms = new ArrayList<>();
        Map<String, Integer> percent = new ConcurrentHashMap<>();
        for (int p = 0; p < poolCount; p++) {
            List<FleetPool.FleetMember> members = new ArrayList<>();
            for (int m = 0; m < MEMBERS; m++) {
                String key = "10." + p + "." + (m / 250) + "." + (m % 250 + 1) + ":8080";
                members.add(new FleetPool.FleetMember(key, 100, 9505));
                percent.put(key, 100);
            }
            pools.add(new FleetPool("pool-" + p, String.valueOf(p + 1), SLOTS, PanicThreshold.DISABLED, members));
            randoms.add(new Random(p));
        }
        try (OvsdbCluster cluster = OvsdbCluster.start()) {
            List<FleetRuntime> nodes = new ArrayList<>();
            for (int n = 0; n < 3; n++) {
                String name = "lb-" + n;
                List<String> remotes = new ArrayList<>(cluster.remotes().stream().map(Object::toString).toList());
                remotes.add(0, remotes.remove(n));
                FleetRuntime node = new FleetRuntime(name, remotes, Duration.ofSeconds(1), Duration.ofSeconds(5), pools,
                        key -> new FleetNode.LocalObservation(new Observation(name, true, true, false, false,
                                percent.get(key), 0), ""), () -> { }, Ticker.system(), Clock.systemUTC());
                nodes.add(node);
                node.start();
            }
            long moved = 0;
            long minimum = 0;
            long pure = 0;
            long versions = 0;
            List<SlotTable> tables = awaitRound(nodes, pools, percent);
            List<Long> first = nodes.get(0).status().pools().stream().map(FleetStatus.PoolAgreement::version).toList();
            for (int round = 0; round < EVENTS; round++) {
                List<List<Member>> before = new ArrayList<>();
                for (int p = 0; p < poolCount; p++) {
                    before.add(members(pools.get(p), percent));
                    FleetPool pool = pools.get(p);
                    String key = pool.members().get(randoms.get(p).nextInt(MEMBERS)).key();
                    int next;
                    do {
                        next = WEIGHTS[randoms.get(p).nextInt(WEIGHTS.length)];
                    } while (next == percent.get(key));
                    percent.put(key, next);
                }
                nodes.forEach(FleetRuntime::request);
                List<SlotTable> after = awaitRound(nodes, pools, percent);
                for (int p = 0; p < poolCount; p++) {
                    List<Member> now = members(pools.get(p), percent);
                    moved += SlotDiff.between(tables.get(p), after.get(p)).size();
                    minimum += minimum(before.get(p), now);
                    pure += SlotDiff.between(Maglev.layout(pools.get(p).seed(), before.get(p), SLOTS),
                            Maglev.layout(pools.get(p).seed(), now, SLOTS)).size();
                }
                tables = after;
            }
            List<Long> last = nodes.get(0).status().pools().stream().map(FleetStatus.PoolAgreement::version).toList();
            for (int p = 0; p < poolCount; p++) {
                versions += last.get(p) - first.get(p);
            }
            long commits = nodes.stream().mapToLong(n -> n.status().commits()).sum();
            long races = nodes.stream().mapToLong(n -> n.status().lostRaces()).sum();
            System.out.printf("%d pools, %d members, %d slots, %d events each, through 3 fleet nodes on a 3-server cluster%n",
                    poolCount, MEMBERS, SLOTS, EVENTS);
            System.out.printf("through the fleet: %.3fx the per-event minimum (%d moves, minimum %d)%n",
                    (double) moved / minimum, moved, minimum);
            System.out.printf("Maglev.layout on the same sequences: %.3fx the per-event minimum%n", (double) pure / minimum);
            System.out.printf("table versions %d for %d events (%.2f a change); commits %d, lost races %d%n", versions,
                    poolCount * EVENTS, (double) versions / (poolCount * EVENTS), commits, races);
            nodes.forEach(FleetRuntime::close);
        }
    }

    /** Until every node holds, for every pool, a table computed from {@code percent}; the tables, all nodes alike. */
    private static List<SlotTable> awaitRound(List<FleetRuntime> nodes, List<FleetPool> pools, Map<String, Integer> percent)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            List<SlotTable> tables = new ArrayList<>();
            boolean done = true;
            for (FleetPool pool : pools) {
                Map<String, Integer> expected = new TreeMap<>();
                pool.members().forEach(m -> expected.put(m.key(), percent.get(m.key())));
                SlotTable table = null;
                for (FleetRuntime node : nodes) {
                    var held = node.installedTable(pool.name());
                    if (held.isEmpty() || !held.get().inputs().equals(expected)) {
                        done = false;
                        break;
                    }
                    if (table != null && !table.equals(held.get().table())) {
                        throw new IllegalStateException(pool.name() + ": two nodes hold different tables for one input");
                    }
                    table = held.get().table();
                }
                tables.add(table);
            }
            if (done) {
                return tables;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the nodes did not hold the round's tables within 60 s");
            }
            // A lab harness: polling the nodes' memory every 2 ms; the figure is a count, not a time.
            Thread.sleep(2);
        }
    }

    private static List<Member> members(FleetPool pool, Map<String, Integer> percent) {
        return pool.members().stream().map(m -> new Member(m.key(), percent.get(m.key()), 100)).toList();
    }

    /**
     * The per-event minimum: over the members in key order, the slots their largest-remainder quota
     * gains ({@code docs/maglev.md}: the slots that must change owner).
     */
    static long minimum(List<Member> before, List<Member> after) {
        int[] old = quotas(before);
        int[] now = quotas(after);
        long gain = 0;
        for (int i = 0; i < old.length; i++) {
            gain += Math.max(0, now[i] - old[i]);
        }
        return gain;
    }

    private static int[] quotas(List<Member> members) {
        int[] w = members.stream().sorted().mapToInt(Member::weight).toArray();
        long total = Arrays.stream(w).asLongStream().sum();
        int[] quota = new int[w.length];
        if (total == 0) {
            return quota;
        }
        long[] remainder = new long[w.length];
        int assigned = 0;
        Integer[] order = new Integer[w.length];
        for (int i = 0; i < w.length; i++) {
            quota[i] = (int) ((long) SLOTS * w[i] / total);
            remainder[i] = (long) SLOTS * w[i] % total;
            assigned += quota[i];
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> remainder[a] != remainder[b] ? Long.compare(remainder[b], remainder[a])
                : Integer.compare(a, b));
        for (int k = 0; assigned < SLOTS; k++) {
            quota[order[k]]++;
            assigned++;
        }
        return quota;
    }
}
