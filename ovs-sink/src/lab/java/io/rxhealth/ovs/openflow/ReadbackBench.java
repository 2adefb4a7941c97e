package io.rxhealth.ovs.openflow;

import io.rxhealth.ovs.flow.BundleSlotWriter;
import io.rxhealth.ovs.flow.MoveStyle;
import io.rxhealth.ovs.flow.OvsSandbox;
import io.rxhealth.ovs.flow.Table11;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.ovs.slots.PoolSpecs;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Load harness: what each way of reading table 11 back costs the switch, and how long a message
 * from another connection (the writer's) waits while the switch serves it. On a private
 * ovs-vswitchd (userspace datapath) holding one pool of SLOTS slot flows (four members) and the
 * drop flow, one OpenFlow connection makes the reads while a second one sends an echo request
 * every 0.5 ms and times its reply: the longest echo round trip that overlaps a request is the
 * longest a bundle message arriving meanwhile would wait behind it. The ways, in rotating order:
 *
 * <ul>
 *   <li><b>full</b>: flow statistics of all of table 11 in one request (the former read-back's
 *       switch part);</li>
 *   <li><b>agg pool</b>: aggregate statistics of {@code reg3=POOL} (a scan; the flow count);</li>
 *   <li><b>table stats</b>: every table's statistics, which carry each table's flow count;</li>
 *   <li><b>cookie none</b>: flow statistics of the flows whose cookie names no pool (a masked
 *       cookie: a scan of the table that returns the drop flow);</li>
 *   <li><b>drop cookie</b>: the drop flow by its exact cookie 0 (the switch's cookie index);</li>
 *   <li><b>members/N</b>: each member's slot flows by exact cookie, in N requests of
 *       {@code reg1=K/(N-1)} each (the read-back's slot reads);</li>
 *   <li><b>chunks/N</b>: the pool's flows in N requests of {@code reg3=POOL,reg1=K/(N-1)}, no
 *       cookie (a scan per request).</li>
 * </ul>
 *
 * <p>Per way: requests per sweep, the sweep's and each request's time, and the echo wait per
 * request (p50, p99, max); then {@code ovs-ofctl dump-aggregate} and a chunk through
 * {@code ovs-ofctl dump-flows}, for the processes' own cost. Needs root and openvswitch-switch.
 * Run from the repository root after {@code mvn -B -q -pl ovs-sink -am test-compile}: {@code java -cp
 * ovs-sink/target/test-classes:ovs-sink/target/classes:weighting/target/classes
 * io.rxhealth.ovs.openflow.ReadbackBench [repeats [slots...]]} (default 20 repeats, 65536 slots).
 */
public final class ReadbackBench {
    private static final int POOL = 7;
    private static final List<String> MEMBERS = List.of("10.20.0.2:8080", "10.20.0.3:8080", "10.30.0.2:8080",
            "10.30.0.3:8080");
    private static final long POOL_COOKIE_MASK = 0xffffL << 48;
    private static final int[] CHUNKS = {16};
    /** Requests per member for the member-cookie reads: 4,096, 1,024 and 256 flows each at 65,536 slots. */
    private static final int[] MEMBER_SPLITS = {4, 16, 64};

    private ReadbackBench() {
    }

    /** One echo: when it was sent and when its reply came (System.nanoTime). */
    private record Echo(long sent, long answered) {
        double millis() {
            return (answered - sent) / 1e6;
        }
    }

    /** What one way measured over the repeats: each sweep's time, and each request's window. */
    private static final class Way {
        final List<Double> millis = new ArrayList<>();
        final List<Double> requestMillis = new ArrayList<>();
        final List<long[]> requests = new ArrayList<>();
        long flows;
    }

    public static void main(String[] args) throws Exception {
        int repeats = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int[] sizes = args.length > 1 ? Arrays.stream(args, 1, args.length).mapToInt(Integer::parseInt).toArray()
                : new int[] {65536};
        System.out.println("load average before: " + loadAverage());
        try (OvsSandbox ovs = OvsSandbox.start()) {
            Path socket = ChannelSwitch.socketOf(ovs.target(), ovs.dir()).orElseThrow();
            OfctlSwitch ofctl = new OfctlSwitch(ovs.target(), CommandRunner.processes());
            try (ChannelSwitch channel = new ChannelSwitch(ovs.target(), socket, ofctl, ChannelSwitch.DEFAULT_TIMEOUT,
                    Ticker.system());
                 OfConnection reader = OfConnection.open(socket, Ticker.system(), deadline());
                 OfConnection prober = OfConnection.open(socket, Ticker.system(), deadline())) {
                BundleSlotWriter writer = new BundleSlotWriter(channel, MoveStyle.REPLACE, Ticker.system());
                for (int slots : sizes) {
                    ovs.ofctl("del-flows", ovs.target(), "table=11");
                    writer.apply(PoolSpecs.of(POOL, slots), null, layout(slots), true);
                    measure(ovs, reader, prober, slots, repeats);
                }
            }
        }
        System.out.println("load average after: " + loadAverage());
    }

    private static void measure(OvsSandbox ovs, OfConnection reader, OfConnection prober, int slots, int repeats)
            throws Exception {
        Map<String, Way> ways = new LinkedHashMap<>();
        for (String name : names(slots)) {
            ways.put(name, new Way());
        }
        List<Echo> echoes = new CopyOnWriteArrayList<>();
        Thread echoing = new Thread(() -> echo(prober, echoes), "rxh-echo");
        echoing.setDaemon(true);
        echoing.start();
        try {
            List<String> names = List.copyOf(ways.keySet());
            for (int run = 0; run < repeats; run++) {
                for (int k = 0; k < names.size(); k++) {
                    String name = names.get((run + k) % names.size());
                    Way way = ways.get(name);
                    long start = System.nanoTime();
                    way.flows = read(reader, name, slots, way);
                    way.millis.add((System.nanoTime() - start) / 1e6);
                    // Room between reads, so that an echo stuck behind one read is not counted for the next.
                    Thread.sleep(20);
                }
            }
        } finally {
            echoing.interrupt();
            echoing.join();
        }
        List<Double> idle = new ArrayList<>();
        for (Echo e : echoes) {
            idle.add(e.millis());
        }
        System.out.printf("%-6s %-12s %7s %4s %9s %9s %9s %9s %11s %11s %11s %11s%n", "slots", "way", "flows",
                "reqs", "sweep p50", "sweep max", "req p50", "req max", "echo/req p50", "echo/req p99", "echo/req max",
                "echo idle");
        for (Map.Entry<String, Way> e : ways.entrySet()) {
            Way w = e.getValue();
            // Only now: an echo stuck behind a request is answered after the request's last reply.
            List<Double> waits = new ArrayList<>();
            for (long[] window : w.requests) {
                waits.add(echoMax(echoes, window[0], window[1]));
            }
            System.out.printf(Locale.ROOT, "%-6d %-12s %7d %4d %9.2f %9.2f %9.2f %9.2f %11.2f %11.2f %11.2f %11.3f%n",
                    slots, e.getKey(), w.flows, w.requests.size() / w.millis.size(), median(w.millis), max(w.millis),
                    median(w.requestMillis), max(w.requestMillis), median(waits), percentile(waits, 0.99), max(waits),
                    median(idle));
        }
        for (String name : List.of("ofctl dump-aggregate", "ofctl chunk/16")) {
            List<Double> millis = new ArrayList<>();
            for (int run = 0; run < repeats; run++) {
                long start = System.nanoTime();
                if (name.startsWith("ofctl dump-aggregate")) {
                    ovs.ofctl("dump-aggregate", ovs.target(),
                            "table=11,reg3=" + POOL);
                } else {
                    ovs.ofctl("dump-flows", ovs.target(),
                            chunk(slots, 16, run % 16).text());
                }
                millis.add((System.nanoTime() - start) / 1e6);
            }
            System.out.printf(Locale.ROOT, "%-6d %-22s %4d %9.2f %9.2f%n", slots, name, millis.size(), median(millis),
                    max(millis));
        }
    }

    private static List<String> names(int slots) {
        List<String> names = new ArrayList<>(List.of("full", "agg pool", "table stats", "cookie none",
                "drop cookie"));
        for (int n : MEMBER_SPLITS) {
            names.add("members/" + n);
        }
        for (int n : CHUNKS) {
            if (n < slots) {
                names.add("chunks/" + n);
            }
        }
        return names;
    }

    /** One request, timed and its window kept for the echoes. */
    private static long timed(Way way, Request request) throws Exception {
        long start = System.nanoTime();
        long flows = request.make();
        long end = System.nanoTime();
        way.requests.add(new long[] {start, end});
        way.requestMillis.add((end - start) / 1e6);
        return flows;
    }

    private interface Request {
        long make() throws Exception;
    }

    /** Makes the reads of {@code name}; returns the flows (or the flow count) they got. */
    private static long read(OfConnection c, String name, int slots, Way way) throws Exception {
        if (name.startsWith("members/")) {
            int n = Integer.parseInt(name.substring("members/".length()));
            long total = 0;
            for (String member : MEMBERS) {
                for (int k = 0; k < n; k++) {
                    List<FlowQuery.MaskedRegister> match = new ArrayList<>(
                            List.of(FlowQuery.MaskedRegister.exact(Table11.POOL_REGISTER, POOL)));
                    if (n > 1) {
                        match.add(new FlowQuery.MaskedRegister(Table11.SLOT_REGISTER, k, n - 1));
                    }
                    FlowQuery query = new FlowQuery(Table11.TABLE, cookie(member), -1L, match);
                    total += timed(way, () -> flows(c, query));
                }
            }
            return total;
        }
        if (name.startsWith("chunks/")) {
            int n = Integer.parseInt(name.substring("chunks/".length()));
            long total = 0;
            for (int k = 0; k < n; k++) {
                FlowQuery query = chunk(slots, n, k);
                total += timed(way, () -> flows(c, query));
            }
            return total;
        }
        return timed(way, () -> switch (name) {
            case "full" -> flows(c, FlowQuery.table(Table11.TABLE));
            case "agg pool" -> aggregate(c, FlowQuery.match(Table11.TABLE,
                    List.of(FlowQuery.MaskedRegister.exact(Table11.POOL_REGISTER, POOL))));
            case "table stats" -> tableCount(c, Table11.TABLE);
            case "cookie none" -> flows(c, FlowQuery.cookie(Table11.TABLE, 0, POOL_COOKIE_MASK));
            case "drop cookie" -> flows(c, FlowQuery.cookie(Table11.TABLE, 0, -1L));
            default -> throw new IllegalArgumentException("way: " + name);
        });
    }

    /** The slot flows' cookie of {@code member} in pool POOL: pool, IPv4 address, port. */
    private static long cookie(String member) {
        String[] hostPort = member.split(":");
        long ip = 0;
        for (String octet : hostPort[0].split("\\.")) {
            ip = ip << 8 | Integer.parseInt(octet);
        }
        return (long) POOL << 48 | ip << 16 | Integer.parseInt(hostPort[1]);
    }

    /** Chunk {@code k} of {@code n} (a power of two): the slots whose low bits are {@code k}. */
    private static FlowQuery chunk(int slots, int n, int k) {
        return FlowQuery.match(Table11.TABLE, List.of(FlowQuery.MaskedRegister.exact(Table11.POOL_REGISTER, POOL),
                new FlowQuery.MaskedRegister(Table11.SLOT_REGISTER, k, n - 1)));
    }

    private static long flows(OfConnection c, FlowQuery query) throws Exception {
        ByteBuffer request = ByteBuffer.allocate(Of14Encoder.flowStatsRequestLength(query));
        int xid = c.xid();
        Of14Encoder.flowStatsRequest(request, xid, Of14.MULTIPART_FLOW, query);
        long[] flows = new long[1];
        c.exchange(OfConnection.Outgoing.of(request.flip()), m -> {
            if (m.xid() != xid) {
                return false;
            }
            check(m);
            ByteBuffer body = m.body();
            int at = body.position() + 8;
            while (at + 2 <= body.limit()) {
                int length = body.getShort(at) & 0xffff;
                if (length == 0) {
                    break;
                }
                flows[0]++;
                at += length;
            }
            return (body.getShort(body.position() + 2) & Of14.MULTIPART_REPLY_MORE) == 0;
        }, deadline());
        return flows[0];
    }

    private static long aggregate(OfConnection c, FlowQuery query) throws Exception {
        ByteBuffer request = ByteBuffer.allocate(Of14Encoder.flowStatsRequestLength(query));
        int xid = c.xid();
        Of14Encoder.flowStatsRequest(request, xid, Of14.MULTIPART_AGGREGATE, query);
        long[] count = new long[1];
        c.exchange(OfConnection.Outgoing.of(request.flip()), m -> {
            if (m.xid() != xid) {
                return false;
            }
            check(m);
            count[0] = m.body().getInt(m.body().position() + 8 + 16) & 0xffffffffL;
            return true;
        }, deadline());
        return count[0];
    }

    private static long tableCount(OfConnection c, int table) throws Exception {
        ByteBuffer request = ByteBuffer.allocate(16);
        int xid = c.xid();
        Of14Encoder.tableStatsRequest(request, xid);
        long[] count = {-1};
        c.exchange(OfConnection.Outgoing.of(request.flip()), m -> {
            if (m.xid() != xid) {
                return false;
            }
            check(m);
            ByteBuffer body = m.body();
            for (int at = body.position() + 8; at + 24 <= body.limit(); at += 24) {
                if ((body.get(at) & 0xff) == table) {
                    count[0] = body.getInt(at + 4) & 0xffffffffL;
                }
            }
            return (body.getShort(body.position() + 2) & Of14.MULTIPART_REPLY_MORE) == 0;
        }, deadline());
        return count[0];
    }

    private static void check(OfMessage m) {
        if (m.type() == Of14.ERROR) {
            throw new IllegalStateException("request refused: " + m.errorName());
        }
        if (m.type() != Of14.MULTIPART_REPLY) {
            throw new IllegalStateException("message type " + m.type() + " (expected: 19, a multipart reply)");
        }
    }

    /** Sends an echo request every 0.5 ms and times its reply, until interrupted. */
    private static void echo(OfConnection c, List<Echo> echoes) {
        ByteBuffer request = ByteBuffer.allocate(8);
        while (!Thread.currentThread().isInterrupted()) {
            int xid = c.xid();
            request.clear();
            Of14Encoder.echoRequest(request, xid);
            long sent = System.nanoTime();
            try {
                c.exchange(OfConnection.Outgoing.of(request.flip()), m -> m.type() == Of14.ECHO_REPLY && m.xid() == xid,
                        deadline());
            } catch (java.io.InterruptedIOException e) {
                return;
            } catch (Exception e) {
                throw new IllegalStateException("echo: " + e, e);
            }
            echoes.add(new Echo(sent, System.nanoTime()));
            LockSupport.parkNanos(500_000);
        }
    }

    /** The longest round trip of the echoes that were answered during [start, end] or waited across it. */
    private static double echoMax(List<Echo> echoes, long start, long end) {
        double max = 0;
        for (int i = echoes.size() - 1; i >= 0; i--) {
            Echo e = echoes.get(i);
            if (e.answered() < start) {
                break;
            }
            if (e.sent() <= end) {
                max = Math.max(max, e.millis());
            }
        }
        return max;
    }

    private static SlotTable layout(int slots) {
        List<Member> members = new ArrayList<>();
        for (String key : MEMBERS) {
            members.add(new Member(key, 100, 100));
        }
        return Maglev.layout("web", members, slots);
    }

    private static long deadline() {
        return System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    }

    private static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return sorted.length == 0 ? Double.NaN : sorted[(sorted.length - 1) / 2];
    }

    private static double percentile(List<Double> values, double p) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return sorted.length == 0 ? Double.NaN : sorted[Math.max(0, (int) Math.ceil(p * sorted.length) - 1)];
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    private static String loadAverage() throws java.io.IOException {
        return Files.readString(Path.of("/proc/loadavg"), StandardCharsets.US_ASCII).strip();
    }
}
