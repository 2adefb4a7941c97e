package io.rxhealth.ovs.stand;

import io.rxhealth.ovs.HostPrograms;
import io.rxhealth.ovs.fleet.OvsdbCluster;
import io.rxhealth.ovs.flow.BundleSlotWriter;
import io.rxhealth.ovs.flow.FlowRenderer;
import io.rxhealth.ovs.flow.MoveStyle;
import io.rxhealth.ovs.flow.OvsSandbox;
import io.rxhealth.ovs.flow.PoolReadback;
import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Two LB nodes in front of one pool, as two Keepalived nodes stand: each its own ovs-vswitchd (an
 * {@link OvsSandbox}) with a pipeline that routes the public listener {@value #VIP}:80 to the pool's
 * members, each its own {@code rx-health-lbd} (in namespace {@code rxhf-lbN}, probing from its hc
 * address) writing its table 11, the two daemons one fleet on a 3-server clustered OVSDB. The client
 * and three backends (the stand's backend app) sit on two Linux bridges in namespace {@code rxhf-sw},
 * the public LAN and the private segment, into which both LB nodes are plugged.
 *
 * <p>Which node holds the VIP is where those bridges send the VIP's and the gateway's MAC (the same
 * on both nodes, as Keepalived's virtual MAC): a sticky static FDB entry on that node's ports, which
 * {@link #moveVipTo} moves, as a switch moves it on the new master's gratuitous ARP. Both nodes keep
 * probing the members through their own hc interfaces meanwhile.
 *
 * <p>Every namespace, veth and bridge is named {@code rxhf*}; {@link #close} removes them, the
 * processes it started (by PID), the switches and the cluster, also after a failed start, and a
 * start first removes what an aborted run left.
 */
final class TwoNodeStand implements AutoCloseable {
    static final String VIP = "192.168.5.21";
    static final String CLIENT = "192.168.5.13";
    static final List<String> BACKENDS = List.of("be1", "be2", "be3");
    static final int POOL = 1;
    static final int SLOTS = 1024;
    private static final String VIP_MAC = "02:42:c0:a8:05:14";
    private static final String GATEWAY_MAC = "02:42:0a:14:00:01";
    private static final String CLIENT_MAC = "02:42:c0:a8:05:0d";
    private static final List<String> NODES = List.of("a", "b");
    private static final Map<String, String> HC = Map.of("a", "10.20.0.253", "b", "10.20.0.252");
    private static final Map<String, String> HC_MAC = Map.of("a", "02:42:0a:14:00:fd", "b", "02:42:0a:14:00:fc");
    private static final int PUB_PORT = 1;
    private static final int PRIV_PORT = 2;
    private static final int HC_PORT = 4;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String INSTALL = "apt-get install -y openvswitch-switch iproute2 ethtool curl python3 util-linux";
    private static final Path JAR = Path.of("../ovs-sink/target/rx-health-lbd.jar");
    /** A listener connection in a dump-conntrack line: the client's source port, the member it went to. */
    private static final Pattern CONNECTION = Pattern.compile("orig=\\(src=" + Pattern.quote(CLIENT) + ",dst="
            + Pattern.quote(VIP) + ",sport=(\\d+),dport=80\\),reply=\\(src=([0-9.]+),");

    private final CommandRunner runner = CommandRunner.processes();
    private final Path dir;
    private final List<String> namespaces = new ArrayList<>();
    private final List<Process> processes = new ArrayList<>();
    private final Map<String, OvsSandbox> switches = new TreeMap<>();
    private OvsdbCluster cluster;

    private TwoNodeStand() throws IOException {
        this.dir = Files.createTempDirectory("rxhf-stand");
    }

    /** Builds the whole stand and starts both daemons; the caller waits for their first tables. */
    static TwoNodeStand up() throws Exception {
        if (!"root".equals(System.getProperty("user.name"))) {
            throw new IllegalStateException("user: " + System.getProperty("user.name")
                    + " (expected: root; the stand creates namespaces and runs Open vSwitch)");
        }
        for (String program : List.of("ip", "bridge", "ethtool", "nsenter", "python3", "ovs-vsctl", "java")) {
            HostPrograms.require(program, INSTALL);
        }
        if (!Files.isRegularFile(JAR)) {
            throw new IllegalStateException(JAR.toAbsolutePath().normalize() + " missing (run mvn package first)");
        }
        TwoNodeStand stand = new TwoNodeStand();
        try {
            stand.removeLeftovers();
            stand.build();
            return stand;
        } catch (Exception | Error e) {
            stand.close();
            throw e;
        }
    }

    private void build() throws Exception {
        for (String ns : List.of("rxhf-sw", "rxhf-cli", "rxhf-lba", "rxhf-lbb", "rxhf-be1", "rxhf-be2", "rxhf-be3")) {
            namespace(ns);
        }
        // A plain L2 switch: where the host has bridge netfilter on (br_netfilter, as container
        // runtimes load it), bridged frames would pass the namespace's conntrack and iptables too.
        run("ip", "netns", "exec", "rxhf-sw", "sh", "-c", "test ! -d /proc/sys/net/bridge || sysctl -qw"
                + " net.bridge.bridge-nf-call-iptables=0 net.bridge.bridge-nf-call-ip6tables=0"
                + " net.bridge.bridge-nf-call-arptables=0");
        for (String bridge : List.of("pub", "priv")) {
            run("ip", "-n", "rxhf-sw", "link", "add", bridge, "type", "bridge");
            run("ip", "-n", "rxhf-sw", "link", "set", bridge, "up");
        }
        host("cli", "rxhf-cli", "pub", CLIENT_MAC, CLIENT + "/24");
        // The client reaches the VIP on its LAN; a static entry stands for the ARP answer both nodes give.
        run("ip", "-n", "rxhf-cli", "neigh", "replace", VIP, "lladdr", VIP_MAC, "dev", "eth0", "nud", "permanent");
        for (int i = 0; i < BACKENDS.size(); i++) {
            String be = BACKENDS.get(i);
            host(be, "rxhf-" + be, "priv", backendMac(i), backendAddress(i) + "/24");
            run("ip", "-n", "rxhf-" + be, "route", "add", "default", "via", "10.20.0.1");
            run("ip", "-n", "rxhf-" + be, "neigh", "replace", "10.20.0.1", "lladdr", GATEWAY_MAC, "dev", "eth0", "nud",
                    "permanent");
            Path state = Files.createDirectories(dir.resolve(be));
            start(dir.resolve(be + ".log"), "ip", "netns", "exec", "rxhf-" + be, "python3",
                    Stand.DIR.resolve("backend.py").toString(), "--name", be, "--port", "8080", "--state", state.toString());
        }
        cluster = OvsdbCluster.start();
        for (String node : NODES) {
            lbNode(node);
        }
        moveVipTo("a");
        for (int i = 0; i < BACKENDS.size(); i++) {
            String be = BACKENDS.get(i);
            awaitSucceeds("the app of " + be, "ip", "netns", "exec", "rxhf-" + be, "curl", "-sf", "-m", "1",
                    "http://" + backendAddress(i) + ":8080/healthz");
        }
        for (String node : NODES) {
            Path config = dir.resolve("lb" + node + ".yaml");
            Files.writeString(config, config(node));
            start(dir.resolve("lb" + node + ".log"), "ip", "netns", "exec", "rxhf-lb" + node, "java", "-XX:+UseSerialGC",
                    "-Xmx64m", "-XX:TieredStopAtLevel=1", "-jar", JAR.toAbsolutePath().toString(), "run", "--config",
                    config.toString());
        }
    }

    /** One LB node: its switch, its uplinks into both bridges, its hc interface in its namespace, the pipeline. */
    private void lbNode(String node) throws Exception {
        OvsSandbox ovs = OvsSandbox.start();
        switches.put(node, ovs);
        String pid = Long.toString(ovs.vswitchdPid());
        String bridge = Path.of(ovs.target().substring("unix:".length())).getFileName().toString().replace(".mgmt", "");
        vsctl(ovs, "set-fail-mode", bridge, "secure");
        int ofport = PUB_PORT;
        for (String segment : List.of("pub", "priv")) {
            String sw = "rxhfs-" + node + segment;
            String inOvs = "rxhfo-" + node + segment;
            run("ip", "link", "add", sw, "type", "veth", "peer", "name", inOvs);
            fabricPort(sw, segment);
            switchPort(ovs, pid, bridge, inOvs, ofport++);
        }
        String hcOvs = "rxhfo-" + node + "hc";
        String hcHost = "rxhfh-" + node + "hc";
        run("ip", "link", "add", hcOvs, "type", "veth", "peer", "name", hcHost);
        switchPort(ovs, pid, bridge, hcOvs, HC_PORT);
        String ns = "rxhf-lb" + node;
        run("ip", "link", "set", hcHost, "netns", ns);
        run("ip", "-n", ns, "link", "set", hcHost, "name", "hc");
        run("ip", "-n", ns, "link", "set", "hc", "address", HC_MAC.get(node));
        run("ip", "-n", ns, "addr", "add", HC.get(node) + "/24", "dev", "hc");
        run("ip", "-n", ns, "link", "set", "hc", "up");
        run("ip", "netns", "exec", ns, "ethtool", "-K", "hc", "tx", "off");
        Path flows = dir.resolve("lb" + node + ".flows");
        Files.writeString(flows, pipeline(node));
        ovs.ofctl("del-flows", ovs.target());
        ovs.ofctl("add-flows", ovs.target(), flows.toString());
    }

    /**
     * The node's pipeline, table 11 aside (the daemon's): hc traffic bridged between the hc port and
     * the private uplink; the listener through {@code FlowRenderer.listenerActions} (multipath over
     * the 5-tuple into the slot, table 11's member, conntrack's DNAT), as in the project's pipeline;
     * the members' replies un-DNATed back to the client. Routed both ways, no L2 switching:
     * the bridges of {@code rxhf-sw} are the segments' switches.
     */
    private String pipeline(String node) {
        List<String> f = new ArrayList<>();
        f.add("table=0,priority=100,in_port=" + HC_PORT + " actions=output:" + PRIV_PORT);
        f.add("table=0,priority=100,in_port=" + PRIV_PORT + ",dl_dst=" + HC_MAC.get(node) + " actions=output:" + HC_PORT);
        f.add("table=0,priority=90,in_port=" + PRIV_PORT + ",dl_dst=ff:ff:ff:ff:ff:ff actions=output:" + HC_PORT);
        f.add("table=0,priority=50,in_port=" + PUB_PORT + ",tcp,nw_dst=" + VIP + ",tp_dst=80 actions=goto_table:10");
        f.add("table=0,priority=50,in_port=" + PRIV_PORT + ",tcp,nw_src=10.20.0.0/24,nw_dst=192.168.5.0/24"
                + " actions=ct(zone=1,nat,table=15)");
        f.add("table=0,priority=0 actions=drop");
        // Every packet of the forward direction, as the project's pipeline does: the slot of the
        // 5-tuple, the member, then conntrack, which keeps an existing connection's translation.
        f.add("table=10,priority=100,tcp,nw_dst=" + VIP + ",tp_dst=80 actions=" + FlowRenderer.listenerActions(POOL, SLOTS));
        f.add("table=10,priority=0 actions=drop");
        for (int i = 0; i < BACKENDS.size(); i++) {
            String ip = backendAddress(i);
            f.add("table=12,priority=100,ip,reg2=" + hex(ip) + ",reg4=8080 actions=ct(commit,zone=1,nat(dst=" + ip
                    + ":8080),table=20)");
            f.add("table=20,priority=100,ip,nw_dst=" + ip + " actions=mod_dl_src:" + GATEWAY_MAC + ",mod_dl_dst:"
                    + backendMac(i) + ",output:" + PRIV_PORT);
        }
        f.add("table=12,priority=0 actions=drop");
        f.add("table=15,priority=100,ct_state=+trk+rpl,tcp actions=mod_dl_src:" + VIP_MAC + ",mod_dl_dst:" + CLIENT_MAC
                + ",output:" + PUB_PORT);
        f.add("table=15,priority=0 actions=drop");
        f.add("table=20,priority=0 actions=drop");
        return String.join("\n", f) + "\n";
    }

    private String config(String node) {
        StringBuilder members = new StringBuilder();
        for (int i = 0; i < BACKENDS.size(); i++) {
            members.append("      - {address: ").append(backendAddress(i)).append(", port: 8080, agent: false,")
                    .append(" probe: {kind: http, path: /healthz}, source: ").append(HC.get(node)).append("}\n");
        }
        List<String> remotes = cluster.remotes().stream().map(Object::toString).toList();
        return """
            openflow: %s
            api: 127.0.0.1:9111
            intervals: {probe: 500ms, probe-timeout: 400ms, fall: 3, rise: 2, agent: 500ms, agent-timeout: 400ms, reconcile: 2s}
            fleet: {node: lb-%s, remotes: [%s], heartbeat: 500ms, liveness-timeout: 2s}
            pools:
              - id: %d
                name: web
                listener: %s:80
                slots: %d
                members:
            %s""".formatted(switches.get(node).target(), node, String.join(", ", remotes), POOL, VIP, SLOTS, members);
    }

    /**
     * Makes {@code node} the one the LAN and the segment send the VIP's and the gateway's MAC to, as
     * a switch does once the new Keepalived master announced them.
     */
    void moveVipTo(String node) throws Exception {
        run("ip", "netns", "exec", "rxhf-sw", "bridge", "fdb", "replace", VIP_MAC, "dev", "rxhfs-" + node + "pub",
                "master", "static", "sticky");
        run("ip", "netns", "exec", "rxhf-sw", "bridge", "fdb", "replace", GATEWAY_MAC, "dev", "rxhfs-" + node + "priv",
                "master", "static", "sticky");
    }

    /**
     * One new connection from the client to {@value #VIP}:80 from each source port, one after the
     * other: the backend that answered each, by source port. Fails unless every one is answered.
     */
    Map<Integer, String> connect(List<Integer> ports) throws Exception {
        String script = """
            import socket, sys
            for port in map(int, sys.argv[1:]):
                s = socket.socket()
                s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                s.settimeout(5)
                s.bind(("%s", port))
                s.connect(("%s", 80))
                s.sendall(b"GET / HTTP/1.0\\r\\n\\r\\n")
                data = b""
                while True:
                    chunk = s.recv(4096)
                    if not chunk:
                        break
                    data += chunk
                s.close()
                body = data.split(b"\\r\\n\\r\\n", 1)[1].decode()
                print(port, body.split()[0].split("=")[1], body.split()[1].split("=")[1])
            """.formatted(CLIENT, VIP);
        List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", "rxhf-cli", "python3", "-c", script));
        ports.forEach(p -> command.add(String.valueOf(p)));
        String out = run(command.toArray(String[]::new));
        Map<Integer, String> backends = new TreeMap<>();
        for (String line : out.strip().split("\n")) {
            String[] cells = line.split(" ");
            // The client's address, not its port: the userspace datapath's DNAT (Open vSwitch 3.1)
            // rewrote most source ports here, as its conntrack dump shows; the member is chosen by the
            // slot of the original 5-tuple before that.
            if (!cells[2].startsWith(CLIENT + ":")) {
                throw new IllegalStateException("port " + cells[0] + ": the backend saw " + cells[2] + " (expected: "
                        + CLIENT + ", the client's own address); every answer: " + out.strip().replace('\n', ';'));
            }
            backends.put(Integer.parseInt(cells[0]), cells[1]);
        }
        return backends;
    }

    /** A request to node's API, in its namespace, with curl; the body. */
    String api(String node, String method, String path) throws Exception {
        return run("ip", "netns", "exec", "rxhf-lb" + node, "curl", "-sf", "-m", "5", "-X", method,
                "http://127.0.0.1:9111" + path);
    }

    /** Pool {@value #POOL}'s slot owners and counters as node's switch holds them. */
    PoolReadback table11(String node) throws Exception {
        return new BundleSlotWriter(new OfctlSwitch(switches.get(node).target(), runner), MoveStyle.REPLACE,
                Ticker.system()).read().pool(POOL, SLOTS);
    }

    /**
     * The listener connections node's switch tracks (conntrack zone 1), by the client's source port:
     * the member each was translated to ({@code ovs-appctl dpctl/dump-conntrack}).
     */
    Map<Integer, String> conntrack(String node) throws Exception {
        OvsSandbox ovs = switches.get(node);
        String dump = run("ovs-appctl", "-t", ovs.dir().resolve("vswitchd.ctl").toString(), "dpctl/dump-conntrack",
                "zone=1");
        Map<Integer, String> members = new TreeMap<>();
        Matcher m = CONNECTION.matcher(dump);
        while (m.find()) {
            members.put(Integer.parseInt(m.group(1)), m.group(2));
        }
        return members;
    }

    /** The daemon's log so far, for an assertion message. */
    String log(String node) throws IOException {
        return Files.readString(dir.resolve("lb" + node + ".log"));
    }

    static String backendAddress(int i) {
        return "10.20.0." + (i + 2);
    }

    private static String backendMac(int i) {
        return "02:42:0a:14:00:0" + (i + 2);
    }

    private static String hex(String ip) {
        long value = 0;
        for (String part : ip.split("\\.")) {
            value = value << 8 | Integer.parseInt(part);
        }
        return "0x" + Long.toHexString(value);
    }

    private void namespace(String ns) throws Exception {
        run("ip", "netns", "add", ns);
        namespaces.add(ns);
        run("ip", "-n", ns, "link", "set", "lo", "up");
        // No IPv6: its router solicitations would only be noise on the segments.
        run("ip", "netns", "exec", ns, "sysctl", "-qw", "net.ipv6.conf.all.disable_ipv6=1",
                "net.ipv6.conf.default.disable_ipv6=1");
    }

    /** A host's veth: one end into a bridge of rxhf-sw, the other its eth0. */
    private void host(String name, String ns, String bridge, String mac, String cidr) throws Exception {
        String sw = "rxhfs-" + name;
        String inHost = "rxhfh-" + name;
        run("ip", "link", "add", sw, "type", "veth", "peer", "name", inHost);
        fabricPort(sw, bridge);
        run("ip", "link", "set", inHost, "netns", ns);
        run("ip", "-n", ns, "link", "set", inHost, "name", "eth0");
        run("ip", "-n", ns, "link", "set", "eth0", "address", mac);
        run("ip", "-n", ns, "addr", "add", cidr, "dev", "eth0");
        run("ip", "-n", ns, "link", "set", "eth0", "up");
        // The userspace datapath leaves bad TCP checksums with TX offload, and its conntrack drops them.
        run("ip", "netns", "exec", ns, "ethtool", "-K", "eth0", "tx", "off");
    }

    private void fabricPort(String name, String bridge) throws Exception {
        run("ip", "link", "set", name, "netns", "rxhf-sw");
        run("ip", "-n", "rxhf-sw", "link", "set", name, "master", bridge);
        run("ip", "-n", "rxhf-sw", "link", "set", name, "up");
        run("ip", "netns", "exec", "rxhf-sw", "ethtool", "-K", name, "tx", "off");
    }

    /** Moves {@code name} into the namespace ovs-vswitchd runs in (the userspace datapath opens it there) and adds it. */
    private void switchPort(OvsSandbox ovs, String pid, String bridge, String name, int ofport) throws Exception {
        run("ip", "link", "set", name, "netns", pid);
        run("nsenter", "-t", pid, "-n", "ip", "link", "set", name, "up");
        run("nsenter", "-t", pid, "-n", "ethtool", "-K", name, "tx", "off");
        vsctl(ovs, "add-port", bridge, name, "--", "set", "Interface", name, "ofport_request=" + ofport);
    }

    private void vsctl(OvsSandbox ovs, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("ovs-vsctl", "--db=unix:" + ovs.dir().resolve("db.sock"),
                "--timeout=10"));
        command.addAll(List.of(args));
        run(command.toArray(String[]::new));
    }

    private void start(Path log, String... command) throws IOException {
        processes.add(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start());
    }

    private void awaitSucceeds(String what, String... command) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!runner.run(List.of(command), null, TIMEOUT).succeeded()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(what + " does not answer within " + TIMEOUT.toSeconds() + " s");
            }
            // Polling a process we started: it answers within a second or two.
            Thread.sleep(100);
        }
    }

    private String run(String... command) throws Exception {
        CommandResult result = runner.run(List.of(command), null, TIMEOUT);
        if (!result.succeeded()) {
            throw new IllegalStateException(String.join(" ", command).lines().findFirst().orElse("") + ": exit "
                    + result.exitCode() + ": " + result.stderr().strip() + " (expected: exit 0)");
        }
        return result.stdout();
    }

    /** Namespaces and links a killed run left (names rxhf*), so that this one can make them again. */
    private void removeLeftovers() throws Exception {
        for (String ns : List.of("rxhf-sw", "rxhf-cli", "rxhf-lba", "rxhf-lbb", "rxhf-be1", "rxhf-be2", "rxhf-be3")) {
            if (Files.exists(Path.of("/run/netns", ns))) {
                runner.run(List.of("ip", "netns", "del", ns), null, TIMEOUT);
            }
        }
        for (String line : run("ip", "-o", "link", "show").split("\n")) {
            String[] cells = line.split(": ");
            if (cells.length > 1 && cells[1].startsWith("rxhf")) {
                runner.run(List.of("ip", "link", "del", cells[1].split("@")[0]), null, TIMEOUT);
            }
        }
    }

    @Override
    public void close() throws Exception {
        for (Process p : processes) {
            p.destroy();
        }
        for (Process p : processes) {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        switches.values().forEach(OvsSandbox::close);
        for (String ns : namespaces) {
            runner.run(List.of("ip", "netns", "del", ns), null, TIMEOUT);
        }
        if (cluster != null) {
            cluster.close();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
