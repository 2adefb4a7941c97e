package io.rxhealth.ovs.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rxhealth.ovs.flow.BundleSlotWriter;
import io.rxhealth.ovs.flow.MoveStyle;
import io.rxhealth.ovs.flow.OvsSandbox;
import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fleet at the issue's size, end to end: three {@code rx-health-lbd} daemons, each a JVM of its
 * own with the unit's flags writing to its own ovs-vswitchd (userspace datapath), one 3-server
 * clustered ovsdb-server, 10 pools of 100 members (1,000 members, 1024 slots each), every member a
 * scripted agent on 127.0.x.y:19505 that the daemons poll every second and probe (TCP) every 2 s.
 *
 * <p>First a steady phase: CPU of each daemon and each ovsdb-server, the Raft log entries each
 * server appended (every committed transaction is one) and the transactions the daemons sent, by
 * kind. Then EVENTS verdict changes in turn: one member's agent says {@code down}, then
 * {@code up 100%} again (two changes an event, each in a pool of its own turn). A change is timed
 * from the poll that decides the quorum (the second node's log line {@code member K: agent … -> …},
 * the daemon's own stamp) to the last of the three nodes' {@code pool P: applied digest D} (logged
 * when the switch confirmed the bundle), from the first node's poll too, and from the reply change.
 * After each change every switch's table 11 of that pool is read back and must hold the digest all
 * three applied. Changes are not paced by a schedule: each waits for the previous to settle.
 *
 * <p>Needs root and openvswitch-switch; run from the repository root, in a network namespace of its
 * own so that the host's conntrack and ports are not shared, under the bench and OVS locks:
 * <pre>
 * mvn -B -q -pl ovs-sink -am package -DskipTests && mvn -B -q -pl ovs-sink -am test-compile
 * ip netns add rxh-fleetbench && ip -n rxh-fleetbench link set lo up
 * flock /tmp/rxh-bench.lock flock /tmp/rxh-ovs.lock ip netns exec rxh-fleetbench java \
 *     -cp "ovs-sink/target/test-classes:ovs-sink/target/classes:ovs-sink/target/lib/*:$AWAITILITY" \
 *     io.rxhealth.ovs.fleet.FleetBench [events [steady-seconds]]
 * ip netns del rxh-fleetbench
 * </pre>
 */
public final class FleetBench {
    private static final int NODES = 3;
    private static final int POOLS = 10;
    private static final int MEMBERS = 100;
    private static final int SLOTS = 1024;
    private static final int AGENT_PORT = 19_505;
    private static final Duration SETTLE = Duration.ofSeconds(30);
    private static final Pattern RAFT_LOG = Pattern.compile("Log: \\[(\\d+), (\\d+)\\]");
    private static final Pattern WRITES = Pattern.compile("rxhealth_lbd_fleet_writes_total\\{kind=\"(\\w+)\"} ([0-9.E]+)");
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    private FleetBench() {
    }

    public static void main(String[] args) throws Exception {
        int events = args.length > 0 ? Integer.parseInt(args[0]) : 150;
        int steadySeconds = args.length > 1 ? Integer.parseInt(args[1]) : 60;
        Path jar = Path.of("ovs-sink/target/rx-health-lbd.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " missing (expected: mvn -pl ovs-sink -am package -DskipTests first)");
        }
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (int i = 0; i < POOLS * MEMBERS; i++) {
            addresses.add(new InetSocketAddress(InetAddress.getByName("127.0." + (1 + i / 250) + "." + (1 + i % 250)),
                    AGENT_PORT));
        }
        Path dir = Files.createTempDirectory("rxh-fleetbench");
        List<OvsSandbox> switches = new ArrayList<>();
        List<DaemonProcess> daemons = new ArrayList<>();
        try (OvsdbCluster cluster = OvsdbCluster.start(); ScriptedAgents agents = new ScriptedAgents(addresses, "up 100%\n")) {
            List<Integer> apis = new ArrayList<>();
            for (int n = 0; n < NODES; n++) {
                switches.add(OvsSandbox.start());
                apis.add(freePort());
                Path config = dir.resolve("lb-" + n + ".yaml");
                Files.writeString(config, config(n, switches.get(n).target(), apis.get(n), cluster, addresses));
                daemons.add(new DaemonProcess("lb-" + n, jar, config, dir.resolve("lb-" + n + ".log")));
            }
            awaitHealthy(daemons, apis);
            System.out.printf("%d nodes, %d pools x %d members, %d slots each; agents polled every 1 s, probed every 2 s%n",
                    NODES, POOLS, MEMBERS, SLOTS);
            steady(cluster, daemons, apis, steadySeconds);
            changes(cluster, daemons, apis, switches, agents, addresses, events);
        } finally {
            for (DaemonProcess d : daemons) {
                d.close();
            }
            switches.forEach(OvsSandbox::close);
            try (var files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static String config(int n, String openflow, int api, OvsdbCluster cluster, List<InetSocketAddress> addresses) {
        List<String> remotes = new ArrayList<>(cluster.remotes().stream().map(Object::toString).toList());
        remotes.add(0, remotes.remove(n));
        StringBuilder yaml = new StringBuilder();
        yaml.append("openflow: ").append(openflow).append('\n');
        yaml.append("api: 127.0.0.1:").append(api).append('\n');
        yaml.append("intervals: {probe: 2s, probe-timeout: 1s, agent: 1s, agent-timeout: 1s}\n");
        yaml.append("fleet: {node: lb-").append(n).append(", remotes: [").append(String.join(", ", remotes)).append("]}\n");
        yaml.append("pools:\n");
        for (int p = 0; p < POOLS; p++) {
            yaml.append("  - id: ").append(p + 1).append('\n');
            yaml.append("    name: pool-").append(p).append('\n');
            yaml.append("    listener: 192.168.5.21:").append(8000 + p).append('\n');
            yaml.append("    slots: ").append(SLOTS).append('\n');
            yaml.append("    members:\n");
            for (int m = 0; m < MEMBERS; m++) {
                yaml.append("      - {address: ").append(addresses.get(p * MEMBERS + m).getAddress().getHostAddress())
                        .append(", port: 8080, agent-port: ").append(AGENT_PORT).append(", probe: {kind: tcp, port: ")
                        .append(AGENT_PORT).append("}}\n");
            }
        }
        return yaml.toString();
    }

    /** Until every node installed the database's table of every pool, every member in it. */
    private static void awaitHealthy(List<DaemonProcess> daemons, List<Integer> apis) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (true) {
            boolean healthy = true;
            for (int n = 0; n < NODES && healthy; n++) {
                if (!daemons.get(n).isAlive()) {
                    throw new IllegalStateException(daemons.get(n).name() + " ended:\n" + daemons.get(n).tail());
                }
                JsonNode fleet = fleet(apis.get(n));
                for (JsonNode pool : fleet.path("pools")) {
                    healthy &= pool.path("version").asLong() > 0 && pool.path("disagreeing").asInt() == 0
                            && pool.path("installed").size() == NODES;
                    for (JsonNode m : pool.path("members")) {
                        healthy &= m.path("tableWeight").asInt() == 100;
                    }
                }
                healthy &= fleet.path("pools").size() == POOLS && fleet.path("pools").path(0).path("members").size() == MEMBERS;
            }
            if (healthy) {
                daemons.forEach(FleetBench::drain);
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the fleet did not settle within 3 minutes:\n" + daemons.get(0).tail());
            }
            Thread.sleep(500);
        }
    }

    private static void steady(OvsdbCluster cluster, List<DaemonProcess> daemons, List<Integer> apis, int seconds)
            throws Exception {
        Usage before = Usage.of(cluster, daemons, apis);
        Thread.sleep(seconds * 1000L);
        Usage after = Usage.of(cluster, daemons, apis);
        System.out.printf("steady state over %d s, no change:%n", seconds);
        after.print(before);
    }

    private static void changes(OvsdbCluster cluster, List<DaemonProcess> daemons, List<Integer> apis,
                                List<OvsSandbox> switches,
                                ScriptedAgents agents, List<InetSocketAddress> addresses, int events) throws Exception {
        List<Long> fromQuorumPoll = new ArrayList<>();
        List<Long> fromFirstPoll = new ArrayList<>();
        List<Long> fromReply = new ArrayList<>();
        List<Long> ownTable = new ArrayList<>();
        List<Long> toCommit = new ArrayList<>();
        List<Long> fromCommit = new ArrayList<>();
        Usage before = Usage.of(cluster, daemons, apis);
        long started = System.nanoTime();
        for (int e = 0; e < events; e++) {
            int pool = e % POOLS;
            int member = (e / POOLS * 37 + e) % MEMBERS;
            int index = pool * MEMBERS + member;
            String key = addresses.get(index).getAddress().getHostAddress() + ":8080";
            for (String reply : List.of("down\n", "up 100%\n")) {
                daemons.forEach(FleetBench::drain);
                long changedAt = System.currentTimeMillis();
                agents.reply(index, reply);
                Change c = awaitChange(daemons, key, "pool-" + pool, reply.strip());
                long lastApply = Arrays.stream(c.appliedAt).max().orElseThrow();
                long[] polls = c.sawAt.clone();
                Arrays.sort(polls);
                fromQuorumPoll.add(lastApply - polls[1]);
                fromFirstPoll.add(lastApply - polls[0]);
                fromReply.add(lastApply - changedAt);
                toCommit.add(c.committedAt - polls[1]);
                fromCommit.add(lastApply - c.committedAt);
                for (int n = 0; n < NODES; n++) {
                    ownTable.add(c.appliedAt[n] - c.sawAt[n]);
                }
                for (int n = 0; n < NODES; n++) {
                    String held = new BundleSlotWriter(new OfctlSwitch(switches.get(n).target(), CommandRunner.processes()),
                            MoveStyle.REPLACE, Ticker.system()).read().pool(pool + 1, SLOTS).table().digest();
                    if (!held.equals(c.digest)) {
                        throw new IllegalStateException("event " + e + ": lb-" + n + "'s table 11 of pool-" + pool
                                + " holds " + held + " (expected: " + c.digest + ", the digest every node applied)");
                    }
                }
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        Usage after = Usage.of(cluster, daemons, apis);
        System.out.printf(Locale.ROOT, "%d verdict changes (%d events, down then up) in %.0f s, each checked against every"
                + " switch's table 11:%n", fromReply.size(), events, seconds);
        print("poll that decides the quorum (2nd node) -> last node's table 11", fromQuorumPoll);
        print("first node's poll -> last node's table 11", fromFirstPoll);
        print("reply change -> last node's table 11 (includes the wait for polls)", fromReply);
        print("each node: its own poll -> its own table 11", ownTable);
        print("  of which: quorum poll -> the table committed (its computing node's log)", toCommit);
        print("  and: the table committed -> last node's table 11", fromCommit);
        System.out.printf("during the changes:%n");
        after.print(before);
    }

    /**
     * What the three nodes logged for one change: when each saw it, when each applied, the digest
     * they applied, and when the node that computed the table committed it.
     */
    private record Change(long[] sawAt, long[] appliedAt, String digest, long committedAt) {
    }

    private static Change awaitChange(List<DaemonProcess> daemons, String key, String pool, String reply)
            throws Exception {
        String transition = "member " + key + ": agent ";
        String arrow = " -> " + (reply.equals("down") ? "down" : "up 100%");
        String applied = "pool " + pool + ": applied digest ";
        String committed = "fleet: pool " + pool + ": committed table version ";
        long committedAt = 0;
        long[] saw = new long[NODES];
        long[] appliedAt = new long[NODES];
        String[] digests = new String[NODES];
        long deadline = System.nanoTime() + SETTLE.toNanos();
        while (true) {
            boolean done = true;
            for (int n = 0; n < NODES; n++) {
                for (DaemonProcess.Line line : daemons.get(n).newLines()) {
                    String m = line.message();
                    if (saw[n] == 0 && m.startsWith(transition) && m.contains(arrow)) {
                        saw[n] = line.atMillis();
                    } else if (appliedAt[n] == 0 && m.startsWith(applied)) {
                        appliedAt[n] = line.atMillis();
                        digests[n] = m.substring(applied.length(), m.indexOf(' ', applied.length()));
                    } else if (committedAt == 0 && m.startsWith(committed)) {
                        committedAt = line.atMillis();
                    }
                }
                done &= saw[n] != 0 && appliedAt[n] != 0;
            }
            if (done && committedAt != 0) {
                if (!digests[0].equals(digests[1]) || !digests[0].equals(digests[2])) {
                    throw new IllegalStateException(pool + ": the nodes applied " + Arrays.toString(digests)
                            + " (expected: one digest)");
                }
                return new Change(saw, appliedAt, digests[0], committedAt);
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(key + " " + reply + ": not seen and applied on every node within "
                        + SETTLE.toSeconds() + " s (saw " + Arrays.toString(saw) + ", applied "
                        + Arrays.toString(appliedAt) + ")");
            }
            // A lab harness: the log stamps are the measurement; this only bounds how soon it reads them.
            Thread.sleep(5);
        }
    }

    private static void print(String what, List<Long> millis) {
        long[] sorted = millis.stream().mapToLong(Long::longValue).sorted().toArray();
        System.out.printf(Locale.ROOT, "  %-70s n=%d p50 %d ms, p99 %d ms, max %d ms%n", what, sorted.length,
                percentile(sorted, 0.50), percentile(sorted, 0.99), sorted[sorted.length - 1]);
    }

    /** Nearest rank: the smallest value with at least {@code p} of the values at or below it. */
    private static long percentile(long[] sorted, double p) {
        return sorted[Math.max(0, (int) Math.ceil(p * sorted.length) - 1)];
    }

    private static void drain(DaemonProcess d) {
        try {
            d.newLines();
        } catch (IOException e) {
            throw new IllegalStateException(d.name() + ": log: " + e.getMessage(), e);
        }
    }

    private static JsonNode fleet(int api) throws Exception {
        try {
            return JSON.readTree(HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api + "/fleet"))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()).body()).path("fleet");
        } catch (IOException e) {
            return JSON.createObjectNode();
        }
    }

    private static int freePort() throws IOException {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** CPU seconds of each daemon and each server, each server's last Raft log index, the daemons' writes by kind. */
    private record Usage(long nanos, double[] daemonCpu, double[] childCpu, double[] serverCpu, long[] raftIndex,
                         Map<String, Double> writes, Map<String, Double> threads) {
        static Usage of(OvsdbCluster cluster, List<DaemonProcess> daemons, List<Integer> apis) throws Exception {
            double[] daemonCpu = new double[daemons.size()];
            double[] childCpu = new double[daemons.size()];
            for (int n = 0; n < daemons.size(); n++) {
                daemonCpu[n] = ProcCpu.seconds(daemons.get(n).pid());
                childCpu[n] = ProcCpu.childrenSeconds(daemons.get(n).pid());
            }
            double[] serverCpu = new double[cluster.size()];
            long[] raft = new long[cluster.size()];
            for (int s = 0; s < cluster.size(); s++) {
                serverCpu[s] = ProcCpu.seconds(cluster.pid(s));
                Matcher m = RAFT_LOG.matcher(cluster.status(s));
                raft[s] = m.find() ? Long.parseLong(m.group(2)) : -1;
            }
            Map<String, Double> writes = new TreeMap<>();
            for (int api : apis) {
                String metrics = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api + "/metrics"))
                        .build(), HttpResponse.BodyHandlers.ofString()).body();
                Matcher m = WRITES.matcher(metrics);
                while (m.find()) {
                    writes.merge(m.group(1), Double.parseDouble(m.group(2)), Double::sum);
                }
            }
            return new Usage(System.nanoTime(), daemonCpu, childCpu, serverCpu, raft, writes,
                    ProcCpu.threads(daemons.get(0).pid()));
        }

        void print(Usage before) {
            double seconds = (nanos - before.nanos) / 1e9;
            for (int n = 0; n < daemonCpu.length; n++) {
                System.out.printf(Locale.ROOT, "  daemon lb-%d: %.3f core, its child processes %.3f core%n", n,
                        (daemonCpu[n] - before.daemonCpu[n]) / seconds, (childCpu[n] - before.childCpu[n]) / seconds);
            }
            for (int s = 0; s < serverCpu.length; s++) {
                System.out.printf(Locale.ROOT, "  ovsdb-server %d: %.3f core, Raft log +%.1f entries/s%n", s,
                        (serverCpu[s] - before.serverCpu[s]) / seconds, (raftIndex[s] - before.raftIndex[s]) / seconds);
            }
            Map<String, Double> rate = new HashMap<>();
            writes.forEach((kind, total) -> rate.put(kind, (total - before.writes.getOrDefault(kind, 0.0)) / seconds));
            System.out.printf(Locale.ROOT, "  transactions sent by the three daemons: %.1f/s %s%n",
                    rate.values().stream().mapToDouble(Double::doubleValue).sum(), new TreeMap<>(rate));
            Map<String, Double> busiest = new TreeMap<>();
            threads.forEach((name, cpu) -> busiest.put(name, (cpu - before.threads.getOrDefault(name, 0.0)) / seconds));
            System.out.printf(Locale.ROOT, "  lb-0 by thread (core): %s%n", busiest.entrySet().stream()
                    .sorted(Map.Entry.<String, Double>comparingByValue().reversed()).limit(8)
                    .map(e -> String.format(Locale.ROOT, "%s %.3f", e.getKey(), e.getValue())).toList());
        }
    }
}
