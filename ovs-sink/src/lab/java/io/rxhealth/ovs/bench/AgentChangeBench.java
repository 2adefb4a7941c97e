package io.rxhealth.ovs.bench;

import io.rxhealth.ovs.LbNodeOnOvs;
import io.rxhealth.ovs.flow.OvsSandbox;
import io.rxhealth.weighting.units.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Load harness: how fast an agent's reply change reaches table 11 of a real ovs-vswitchd, and what
 * an incremental apply costs against a full one. The daemon (LbNode with the Open vSwitch writer)
 * runs four members of weight 100 against a sandbox switch; member 0's agent flips between
 * {@code up 100%} and {@code up 50%} CHANGES times (about 11% of the slots move each time), then
 * {@code POST /reapply} forces REAPPLIES full applies. After every change a dump-flows must show
 * exactly the applied table. Polls every 200 ms, debounce 50 ms, reconcile 30 s (as shipped;
 * {@code -Drxh.bench.reconcile=1s} reconciles, and reads table 11 back, every second instead, so
 * that changes meet read-backs).
 *
 * <p>Needs root and openvswitch-switch. Run from the repository root:
 * {@code mvn -B -q -pl ovs-sink -am package -DskipTests && java -cp
 * "ovs-sink/target/test-classes:ovs-sink/target/classes:ovs-sink/target/lib/*"
 * io.rxhealth.ovs.bench.AgentChangeBench [changes [slots...]]} (default: 50 changes, 1024 and 65536 slots).
 */
public final class AgentChangeBench {
    private static final int REAPPLIES = 10;
    private static final long WAIT_SECONDS = 10;
    private static final Duration RECONCILE = Durations.parse(System.getProperty("rxh.bench.reconcile", "30s"));

    private AgentChangeBench() {
    }

    public static void main(String[] args) throws Exception {
        int changes = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        int[] sizes = args.length > 1 ? Arrays.stream(args, 1, args.length).mapToInt(Integer::parseInt).toArray()
                : new int[] {1024, 65536};
        System.out.printf("%-6s %-44s %4s %8s %8s %8s %7s %9s%n", "slots", "what", "n", "p50 ms", "p99 ms", "max ms",
                "moved", "flow mods");
        try (OvsSandbox ovs = OvsSandbox.start(); AgentTransitions transitions = new AgentTransitions()) {
            for (int slots : sizes) {
                ovs.ofctl("del-flows", ovs.target(), "table=11");
                measure(ovs, transitions, slots, changes);
            }
        }
    }

    private static void measure(OvsSandbox ovs, AgentTransitions transitions, int slots, int changes) throws Exception {
        TimedWriter[] writer = new TimedWriter[1];
        try (LbNodeOnOvs lb = LbNodeOnOvs.start(ovs, slots, List.of(100, 100, 100, 100),
                w -> writer[0] = new TimedWriter(w), RECONCILE)) {
            List<Double> endToEnd = new ArrayList<>();
            List<Double> inDaemon = new ArrayList<>();
            List<Double> incremental = new ArrayList<>();
            int moved = 0;
            int flowMods = 0;
            for (int i = 0; i < changes; i++) {
                writer[0].applies().clear();
                transitions.seen().clear();
                long changedAt = System.nanoTime();
                lb.agent(0).reply(i % 2 == 0 ? "up 50%\n" : "up 100%\n");
                Long seenAt = transitions.seen().poll(WAIT_SECONDS, TimeUnit.SECONDS);
                TimedWriter.Apply apply = writer[0].applies().poll(WAIT_SECONDS, TimeUnit.SECONDS);
                if (seenAt == null || apply == null || apply.force()) {
                    throw new IllegalStateException("change " + i + ": seen " + seenAt + ", apply " + apply
                            + " (expected: a transition and an incremental apply within " + WAIT_SECONDS + " s)");
                }
                if (!lb.table().equals(apply.next())) {
                    throw new IllegalStateException("change " + i + ": table 11 differs from the applied table "
                            + apply.next().digest());
                }
                endToEnd.add((apply.endNanos() - changedAt) / 1e6);
                inDaemon.add((apply.endNanos() - seenAt) / 1e6);
                incremental.add(apply.millis());
                moved = apply.slotsMoved();
                flowMods = apply.outcome().flowMods();
            }
            print(slots, "reply change -> apply end (end to end)", endToEnd, moved, flowMods);
            print(slots, "poll saw change -> apply end (in daemon)", inDaemon, moved, flowMods);
            print(slots, "incremental apply (writer call)", incremental, moved, flowMods);

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

    private static void print(int slots, String what, List<Double> millis, int moved, int flowMods) {
        double[] sorted = millis.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        System.out.printf(Locale.ROOT, "%-6d %-44s %4d %8.1f %8.1f %8.1f %7d %9d%n", slots, what, sorted.length,
                percentile(sorted, 0.50), percentile(sorted, 0.99), sorted[sorted.length - 1], moved, flowMods);
    }

    /** Nearest rank: the smallest value with at least {@code p} of the values at or below it. */
    private static double percentile(double[] sorted, double p) {
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }
}
