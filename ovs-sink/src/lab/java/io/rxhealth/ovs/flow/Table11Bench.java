package io.rxhealth.ovs.flow;

import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.ovs.slots.ApplyResult;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.PoolSpecs;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.SlotDiff;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;

/**
 * Load harness: times rewriting table 11 on a private ovs-vswitchd when one of four members leaves,
 * as a full replace and incrementally in both move styles, plus a read-back; median of RUNS.
 * Needs root and openvswitch-switch. Run after {@code mvn -B -q -pl ovs-sink -am test-compile}:
 * {@code java -cp ovs-sink/target/test-classes:ovs-sink/target/classes:weighting/target/classes
 * io.rxhealth.ovs.flow.Table11Bench [slots...]}
 */
public final class Table11Bench {
    private static final int RUNS = 5;

    private Table11Bench() {
    }

    public static void main(String[] args) throws Exception {
        int[] sizes = args.length == 0 ? new int[] {1024, 65536} : Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
        try (OvsSandbox ovs = OvsSandbox.start()) {
            OfctlSwitch bridge = new OfctlSwitch(ovs.target(), CommandRunner.processes());
            BundleSlotWriter replace = new BundleSlotWriter(bridge, MoveStyle.REPLACE, Ticker.system());
            BundleSlotWriter deleteAdd = new BundleSlotWriter(bridge, MoveStyle.DELETE_ADD, Ticker.system());
            System.out.printf("%-7s %-22s %9s %9s %10s %12s%n", "slots", "what", "flow mods", "slots", "apply ms",
                    "ofctl ms");
            measure(ovs, bridge, replace, deleteAdd, 1024, false);
            for (int slots : sizes) {
                measure(ovs, bridge, replace, deleteAdd, slots, true);
            }
        }
    }

    private static void measure(OvsSandbox ovs, OfctlSwitch bridge, BundleSlotWriter replace,
                                BundleSlotWriter deleteAdd, int slots, boolean print) throws Exception {
        PoolSpec spec = PoolSpecs.of(Pools.POOL, slots);
        SlotTable all = Pools.all(slots);
        SlotTable next = Pools.withoutLeaver(slots);
        int moved = SlotDiff.between(all, next).size();
        for (String what : List.of("full replace", "incremental REPLACE", "incremental DELETE_ADD", "read back")) {
            double[] apply = new double[RUNS];
            double[] ofctl = new double[RUNS];
            int flowMods = 0;
            for (int run = 0; run < RUNS; run++) {
                ovs.ofctl("del-flows", ovs.target(), "table=11");
                replace.apply(spec, null, all, false);
                long start = System.nanoTime();
                ApplyResult result = switch (what) {
                    case "full replace" -> replace.apply(spec, all, next, true);
                    case "incremental REPLACE" -> replace.apply(spec, all, next, false);
                    case "incremental DELETE_ADD" -> deleteAdd.apply(spec, all, next, false);
                    default -> null;
                };
                double dumpMs = 0;
                if (result == null) {
                    long dumpStart = System.nanoTime();
                    String dump = bridge.dumpFlows(OptionalInt.of(Table11.TABLE));
                    dumpMs = (System.nanoTime() - dumpStart) / 1e6;
                    start = System.nanoTime();
                    if (!Table11Snapshot.parse(dump).holds(Pools.POOL, all)) {
                        throw new IllegalStateException("read back: table differs from the applied one");
                    }
                }
                apply[run] = (System.nanoTime() - start) / 1e6 + dumpMs;
                ofctl[run] = result == null ? dumpMs : result.duration().toNanos() / 1e6;
                flowMods = result == null ? 0 : result.flowMods();
            }
            if (print) {
                System.out.printf("%-7d %-22s %9d %9d %10.1f %12.1f%n", slots, what, flowMods,
                        what.equals("read back") ? 0 : moved, median(apply), median(ofctl));
            }
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
