package io.rxhealth.ovs.openflow;

import io.rxhealth.ovs.flow.BundleSlotWriter;
import io.rxhealth.ovs.flow.FlowRenderer;
import io.rxhealth.ovs.flow.MoveStyle;
import io.rxhealth.ovs.flow.OvsSandbox;
import io.rxhealth.ovs.flow.Table11;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.PoolSpecs;
import io.rxhealth.ovs.slots.SlotTableWriter;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotDiff;
import io.rxhealth.weighting.maglev.SlotTable;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Load harness: the switch's floor for one slot-table change against the daemon's ways to write
 * it, side by side on one private ovs-vswitchd (userspace datapath). The change is the
 * AgentChangeBench's: four members of weight 100, member 0 goes to 50 (109 of 1,024 and 7,021
 * of 65,536 slots move). Each repeat restores the table before, then times in rotating order:
 *
 * <ul>
 *   <li><b>floor</b>: the incremental bundle encoded in advance (open, adds, commit, pipelined as
 *       one write stream) over an OpenFlow connection already open, from the first byte written to
 *       the commit's reply: the switch's own time, plus the socket;</li>
 *   <li><b>channel</b>: {@code BundleSlotWriter.apply} through {@link ChannelSwitch}: diff, flow
 *       mods, encoding, the adds and a barrier, then the commit;</li>
 *   <li><b>ofctl</b>: the same call through {@link OfctlSwitch}: text, {@code ovs-ofctl bundle}.</li>
 * </ul>
 *
 * <p>Then the read-back of the whole table, side by side: <b>dump floor</b>, a flow-stats request
 * for table 11 over the open connection until the last reply (the bytes received, not decoded),
 * and <b>ofctl read</b>, the daemon's read-back ({@code ovs-ofctl dump-flows} and parsing).
 *
 * <p>Needs root and openvswitch-switch. Run from the repository root after
 * {@code mvn -B -q -pl ovs-sink -am test-compile}: {@code java -cp
 * ovs-sink/target/test-classes:ovs-sink/target/classes:weighting/target/classes
 * io.rxhealth.ovs.openflow.SwitchFloorBench [repeats [slots...]]} (default 30 repeats, 1024 and 65536).
 */
public final class SwitchFloorBench {
    private static final int POOL = 7;
    private static final List<String> MEMBERS = List.of("10.20.0.2:8080", "10.20.0.3:8080", "10.30.0.2:8080",
            "10.30.0.3:8080");
    private static final List<String> WAYS = List.of("floor", "channel", "ofctl");

    private SwitchFloorBench() {
    }

    public static void main(String[] args) throws Exception {
        int repeats = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int[] sizes = args.length > 1 ? Arrays.stream(args, 1, args.length).mapToInt(Integer::parseInt).toArray()
                : new int[] {1024, 65536};
        System.out.println("load average before: " + loadAverage());
        System.out.printf("%-6s %-8s %9s %4s %9s %9s %9s %9s %9s %8s%n", "slots", "way", "flow mods", "n", "min ms",
                "p50 ms", "p90 ms", "p99 ms", "max ms", "x floor");
        try (OvsSandbox ovs = OvsSandbox.start()) {
            Path socket = ChannelSwitch.socketOf(ovs.target(), ovs.dir()).orElseThrow();
            OfctlSwitch ofctl = new OfctlSwitch(ovs.target(), CommandRunner.processes());
            try (ChannelSwitch channel = new ChannelSwitch(ovs.target(), socket, ofctl, ChannelSwitch.DEFAULT_TIMEOUT,
                    Ticker.system());
                 OfConnection floor = OfConnection.open(socket, Ticker.system(), deadline())) {
                BundleSlotWriter viaChannel = new BundleSlotWriter(channel, MoveStyle.REPLACE, Ticker.system());
                BundleSlotWriter viaOfctl = new BundleSlotWriter(ofctl, MoveStyle.REPLACE, Ticker.system());
                for (int slots : sizes) {
                    measure(ovs, floor, viaChannel, viaOfctl, slots, repeats);
                }
            }
        }
        System.out.println("load average after: " + loadAverage());
    }

    private static void measure(OvsSandbox ovs, OfConnection floor, BundleSlotWriter viaChannel,
                                BundleSlotWriter viaOfctl, int slots, int repeats) throws Exception {
        PoolSpec spec = PoolSpecs.of(POOL, slots);
        SlotTable before = layout(slots, 100);
        SlotTable after = layout(slots, 50);
        Bundle bundle = FlowRenderer.incremental(POOL, SlotDiff.between(before, after), MoveStyle.REPLACE);
        double[][] millis = new double[WAYS.size()][repeats];
        for (int run = 0; run < repeats; run++) {
            for (int k = 0; k < WAYS.size(); k++) {
                int way = (run + k) % WAYS.size();
                ovs.ofctl("del-flows", ovs.target(), "table=11");
                viaChannel.apply(spec, null, before, true);
                long took = switch (WAYS.get(way)) {
                    case "floor" -> floor(floor, bundle.structured());
                    case "channel" -> timed(viaChannel, spec, before, after);
                    default -> timed(viaOfctl, spec, before, after);
                };
                millis[way][run] = took / 1e6;
                if (run == 0 && !viaOfctl.read().holds(POOL, after)) {
                    throw new IllegalStateException(WAYS.get(way) + ": table 11 does not hold the new table");
                }
            }
        }
        double[][] reads = new double[2][repeats];
        for (int run = 0; run < repeats; run++) {
            if (run % 2 == 0) {
                reads[0][run] = dumpFloor(floor) / 1e6;
                reads[1][run] = ofctlRead(viaOfctl, after) / 1e6;
            } else {
                reads[1][run] = ofctlRead(viaOfctl, after) / 1e6;
                reads[0][run] = dumpFloor(floor) / 1e6;
            }
        }
        double floorMedian = percentile(millis[0], 0.5);
        for (int way = 0; way < WAYS.size(); way++) {
            double[] sorted = millis[way].clone();
            Arrays.sort(sorted);
            System.out.printf(Locale.ROOT, "%-6d %-8s %9d %4d %9.1f %9.1f %9.1f %9.1f %9.1f %8.2f%n", slots, WAYS.get(way),
                    bundle.flowMods(), repeats, sorted[0], percentile(sorted, 0.5), percentile(sorted, 0.9),
                    percentile(sorted, 0.99), sorted[sorted.length - 1], percentile(sorted, 0.5) / floorMedian);
        }
        for (int way = 0; way < 2; way++) {
            double[] sorted = reads[way].clone();
            Arrays.sort(sorted);
            System.out.printf(Locale.ROOT, "%-6d %-8s %9s %4d %9.1f %9.1f %9.1f %9.1f %9.1f%n", slots,
                    way == 0 ? "dump" : "ofctl rd", "-", repeats, sorted[0], percentile(sorted, 0.5),
                    percentile(sorted, 0.9), percentile(sorted, 0.99), sorted[sorted.length - 1]);
        }
    }

    private static long ofctlRead(BundleSlotWriter viaOfctl, SlotTable after) throws Exception {
        long start = System.nanoTime();
        if (!viaOfctl.read().holds(POOL, after)) {
            throw new IllegalStateException("ofctl read: table 11 does not hold the new table");
        }
        return System.nanoTime() - start;
    }

    /** OFPMP_FLOW for table 11, any port and group, empty match; until a reply without OFPMPF_REPLY_MORE. */
    private static long dumpFloor(OfConnection connection) throws Exception {
        int xid = connection.xid();
        ByteBuffer request = ByteBuffer.allocate(56);
        request.put((byte) Of14.VERSION).put((byte) 18).putShort((short) 56).putInt(xid);
        request.putShort((short) 1).putShort((short) 0).putInt(0);
        request.put((byte) Table11.TABLE).put((byte) 0).putShort((short) 0).putInt((int) Of14.ANY).putInt((int) Of14.ANY)
                .putInt(0).putLong(0).putLong(0);
        request.putShort((short) Of14.MATCH_OXM).putShort((short) 4).putInt(0);
        long[] bytes = new long[1];
        long start = System.nanoTime();
        connection.exchange(OfConnection.Outgoing.of(request.flip()), m -> {
            if (m.xid() != xid) {
                return false;
            }
            if (m.type() != 19) {
                throw new IllegalStateException("flow stats: message type " + m.type() + " (expected: 19, a reply)");
            }
            bytes[0] += m.body().remaining();
            return (m.body().getShort(m.body().position() + 2) & 1) == 0;
        }, deadline());
        return System.nanoTime() - start;
    }

    /** The bundle prepared in advance, then timed from the first byte to the commit's reply. */
    private static long floor(OfConnection connection, List<FlowMod> mods) throws Exception {
        int bundleId = connection.xid();
        int openXid = connection.xid();
        int firstXid = connection.xids(mods.size());
        int commitXid = connection.xid();
        int length = 32;
        for (FlowMod mod : mods) {
            length += Of14Encoder.bundleAddLength(mod);
        }
        ByteBuffer bytes = ByteBuffer.allocateDirect(length);
        Of14Encoder.bundleControl(bytes, openXid, bundleId, Of14.BUNDLE_OPEN_REQUEST);
        for (int i = 0; i < mods.size(); i++) {
            Of14Encoder.bundleAdd(bytes, firstXid + i, bundleId, mods.get(i));
        }
        Of14Encoder.bundleControl(bytes, commitXid, bundleId, Of14.BUNDLE_COMMIT_REQUEST);
        bytes.flip();
        List<String> errors = new ArrayList<>();
        long start = System.nanoTime();
        connection.exchange(OfConnection.Outgoing.of(bytes), m -> {
            if (m.type() == Of14.ERROR) {
                errors.add(m.errorName());
            }
            return m.xid() == commitXid && (m.type() == Of14.ERROR || m.type() == Of14.BUNDLE_CONTROL);
        }, deadline());
        long took = System.nanoTime() - start;
        if (!errors.isEmpty()) {
            throw new IllegalStateException("floor bundle refused: " + errors);
        }
        return took;
    }

    private static long timed(SlotTableWriter writer, PoolSpec spec, SlotTable before, SlotTable after)
            throws Exception {
        long start = System.nanoTime();
        writer.apply(spec, before, after, false);
        return System.nanoTime() - start;
    }

    private static SlotTable layout(int slots, int firstWeight) {
        List<Member> members = new ArrayList<>();
        for (int i = 0; i < MEMBERS.size(); i++) {
            // As the daemon lays out: the configured weight is the home weight.
            members.add(new Member(MEMBERS.get(i), i == 0 ? firstWeight : 100, 100));
        }
        return Maglev.layout("web", members, slots);
    }

    private static long deadline() {
        return System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    }

    private static double percentile(double[] values, double p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[Math.max(0, (int) Math.ceil(p * sorted.length) - 1)];
    }

    private static String loadAverage() throws java.io.IOException {
        return Files.readString(Path.of("/proc/loadavg"), StandardCharsets.US_ASCII).strip();
    }
}
