package io.rxhealth.ovs.bench;

import io.rxhealth.ovs.LbNodeOnOvs;
import io.rxhealth.ovs.flow.OvsSandbox;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Load harness: how fast an agent's reply change reaches table 11 of a real ovs-vswitchd, split
 * into the wait for the next poll and the daemon's part (poll saw it → the bundle's commit
 * reply), and what an incremental apply costs against a full one. The daemon (LbNode with the
 * Open vSwitch writer the config picks: the OpenFlow channel) runs four members of weight 100
 * against a sandbox switch; member 0's agent flips between {@code up 100%} and {@code up 50%}
 * CHANGES times (109 of 1,024 and 7,021 of 65,536 slots move each time), each change made at a
 * random moment of the poll cycle, then {@code POST /reapply} forces 10 full applies. Every
 * change is checked against a dump of table 11 (every {@code rxh.bench.verify-every}-th one).
 *
 * <p>{@code -Drxh.bench.intervals=shipped} (the default): the shipped intervals (probe and agent
 * poll every 2 s), reconcile and read-back every 2 s as on the stand; {@code stand}: the stand's
 * (probe and poll every 500 ms, reconcile 2 s); anything else is taken as the config's
 * {@code intervals} mapping. {@code -Drxh.bench.burst=N}: instead, a pool of N members whose
 * agents all change at once, CHANGES times, to see how many changes one apply gathers.
 *
 * <p>Needs root and openvswitch-switch. Run from the repository root:
 * {@code mvn -B -q -pl ovs-sink -am package -DskipTests && mvn -B -q -pl ovs-sink -am test-compile && java -cp
 * "ovs-sink/target/test-classes:ovs-sink/target/classes:ovs-sink/target/lib/*"
 * io.rxhealth.ovs.bench.AgentChangeBench [changes [slots...]]} (default: 50 changes, 1024 and 65536 slots).
 */
public final class AgentChangeBench {
    private static final int REAPPLIES = 10;
    private static final long WAIT_SECONDS = 15;
    static final String SHIPPED = "reconcile: 2s";
    static final String STAND = "probe: 500ms, probe-timeout: 400ms, fall: 3, rise: 2, agent: 500ms, agent-timeout: 400ms, "
            + "reconcile: 2s";

    private AgentChangeBench() {
    }

    public static void main(String[] args) throws Exception {
        int changes = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        int[] sizes = args.length > 1 ? Arrays.stream(args, 1, args.length).mapToInt(Integer::parseInt).toArray()
                : new int[] {1024, 65536};
        String preset = System.getProperty("rxh.bench.intervals", "shipped");
        String intervals = switch (preset) {
            case "shipped" -> SHIPPED;
            case "stand" -> STAND;
            default -> preset;
        };
        int burst = Integer.getInteger("rxh.bench.burst", 0);
        int verifyEvery = Integer.getInteger("rxh.bench.verify-every", 1);
        System.out.println("intervals: {" + intervals + "}; load average before: " + loadAverage());
        try (OvsSandbox ovs = OvsSandbox.start(); AgentTransitions transitions = new AgentTransitions()) {
            for (int slots : sizes) {
                ovs.ofctl("del-flows", ovs.target(), "table=11");
                if (burst > 0) {
                    BurstRounds.measure(ovs, transitions, slots, burst, changes, intervals);
                } else {
                    measure(ovs, transitions, slots, changes, intervals, verifyEvery);
                }
            }
        }
        System.out.println("load average after: " + loadAverage());
    }

    private static void measure(OvsSandbox ovs, AgentTransitions transitions, int slots, int changes, String intervals,
                                int verifyEvery) throws Exception {
        TimedWriter[] writer = new TimedWriter[1];
        try (LbNodeOnOvs lb = LbNodeOnOvs.start(ovs, slots, List.of(100, 100, 100, 100),
                w -> writer[0] = new TimedWriter(w), intervals)) {
            List<Double> pollWait = new ArrayList<>();
            List<Double> endToEnd = new ArrayList<>();
            List<Double> inDaemon = new ArrayList<>();
            List<Double> incremental = new ArrayList<>();
            List<long[]> changeWindows = new ArrayList<>();
            writer[0].readbacks().clear();
            int moved = 0;
            int flowMods = 0;
            java.util.Random random = new java.util.Random(17);
            long pollMillis = lb.config().intervals().agent().toMillis();
            for (int i = 0; i < changes; i++) {
                // A random moment of the poll cycle, so the poll wait is what a change meets.
                Thread.sleep(random.nextInt((int) pollMillis));
                writer[0].applies().clear();
                transitions.seen().clear();
                long changedAt = System.nanoTime();
                lb.agent(0).reply(i % 2 == 0 ? "up 50%\n" : "up 100%\n");
                Long seenAt = transitions.seen().poll(WAIT_SECONDS, TimeUnit.SECONDS);
                TimedWriter.Apply apply = nextIncremental(writer[0]);
                if (seenAt == null || apply == null) {
                    throw new IllegalStateException("change " + i + ": seen " + seenAt + ", apply " + apply
                            + " (expected: a transition and an incremental apply within " + WAIT_SECONDS + " s)");
                }
                if (i % verifyEvery == 0 && !lb.table().equals(apply.next())) {
                    throw new IllegalStateException("change " + i + ": table 11 differs from the applied table "
                            + apply.next().digest());
                }
                pollWait.add((seenAt - changedAt) / 1e6);
                endToEnd.add((apply.endNanos() - changedAt) / 1e6);
                inDaemon.add((apply.endNanos() - seenAt) / 1e6);
                changeWindows.add(new long[] {seenAt, apply.endNanos()});
                incremental.add(apply.millis());
                moved = apply.slotsMoved();
                flowMods = apply.outcome().flowMods();
            }
            header();
            print(slots, "reply change -> poll saw it (poll wait)", pollWait, moved, flowMods);
            print(slots, "poll saw change -> table 11 updated", inDaemon, moved, flowMods);
            print(slots, "reply change -> table 11 updated", endToEnd, moved, flowMods);
            print(slots, "incremental apply (writer call)", incremental, moved, flowMods);
            readbacks(slots, writer[0], changeWindows, inDaemon);

            List<Double> full = new ArrayList<>();
            List<Double> roundTrip = new ArrayList<>();
            for (int i = 0; i < REAPPLIES; i++) {
                writer[0].applies().clear();
                long start = System.nanoTime();
                int status = lb.post("/reapply").statusCode();
                long end = System.nanoTime();
                TimedWriter.Apply apply = writer[0].applies().poll(WAIT_SECONDS, TimeUnit.SECONDS);
                if (status != 200 || apply == null || !apply.force()) {
                    throw new IllegalStateException("reapply " + i + ": HTTP " + status + ", apply " + apply
                            + " (expected: 200 and a forced apply)");
                }
                full.add(apply.millis());
                roundTrip.add((end - start) / 1e6);
                flowMods = apply.outcome().flowMods();
            }
            print(slots, "full apply (writer call, POST /reapply)", full, slots, flowMods);
            print(slots, "POST /reapply round trip", roundTrip, slots, flowMods);
        }
    }

    /**
     * The daemon's read-backs during the changes: how many, how long, how many found drift; and
     * the changes that met one (their span overlapped a read-back's), with their own figures.
     */
    private static void readbacks(int slots, TimedWriter writer, List<long[]> changes, List<Double> inDaemon) {
        List<TimedWriter.Readback> reads = new ArrayList<>(writer.readbacks());
        List<Double> millis = reads.stream().map(TimedWriter.Readback::millis).toList();
        long drifted = reads.stream().filter(r -> !r.held()).count();
        List<Double> met = new ArrayList<>();
        for (int i = 0; i < changes.size(); i++) {
            long[] c = changes.get(i);
            if (reads.stream().anyMatch(r -> r.startNanos() < c[1] && r.endNanos() > c[0])) {
                met.add(inDaemon.get(i));
            }
        }
        if (millis.isEmpty()) {
            throw new IllegalStateException("no read-back during the changes (expected: one every reconcile interval)");
        }
        print(slots, "read-back (writer.holds), " + drifted + " found drift", millis, 0, 0);
        if (met.isEmpty()) {
            System.out.printf(Locale.ROOT, "%-6d %-42s %4d%n", slots, "changes that met a read-back", 0);
        } else {
            print(slots, "changes that met a read-back: poll saw -> updated", met, 0, 0);
        }
    }

    /** The change's apply: the first one that moved slots (a drift repair of the read-back could come first). */
    private static TimedWriter.Apply nextIncremental(TimedWriter writer) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (true) {
            TimedWriter.Apply apply = writer.applies().poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (apply == null || (!apply.force() && apply.slotsMoved() > 0)) {
                return apply;
            }
        }
    }

    static void header() {
        System.out.printf("%-6s %-42s %4s %8s %8s %8s %7s %9s%n", "slots", "what", "n", "p50 ms", "p99 ms", "max ms",
                "moved", "flow mods");
    }

    static void print(int slots, String what, List<Double> millis, int moved, int flowMods) {
        double[] sorted = millis.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        System.out.printf(Locale.ROOT, "%-6d %-42s %4d %8.1f %8.1f %8.1f %7d %9d%n", slots, what, sorted.length,
                percentile(sorted, 0.50), percentile(sorted, 0.99), sorted[sorted.length - 1], moved, flowMods);
    }

    /** Nearest rank: the smallest value with at least {@code p} of the values at or below it. */
    static double percentile(double[] sorted, double p) {
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }

    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get((sorted.size() - 1) / 2);
    }

    static String loadAverage() throws java.io.IOException {
        return Files.readString(Path.of("/proc/loadavg"), StandardCharsets.US_ASCII).strip();
    }
}
