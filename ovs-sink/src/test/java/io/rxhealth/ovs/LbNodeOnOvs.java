package io.rxhealth.ovs;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.ovs.config.ConfigLoader;
import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.ovs.fake.FakeAgent;
import io.rxhealth.ovs.flow.BundleSlotWriter;
import io.rxhealth.ovs.flow.MoveStyle;
import io.rxhealth.ovs.flow.OvsSandbox;
import io.rxhealth.ovs.flow.Table11Snapshot;
import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.pool.PoolReport;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.ovs.slots.SlotTableWriter;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.SlotTable;
import io.rxhealth.weighting.units.Durations;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The LB daemon with its real Open vSwitch writer, pointed at a sandbox switch, with one pool of
 * members on 127.0.0.11, 127.0.0.12, ...: each has a TCP liveness target and a fake agent on its
 * own address, probed and polled from 127.0.0.1 every 200 ms (fall 2, rise 2); reconcile every
 * second unless asked otherwise.
 */
public final class LbNodeOnOvs implements AutoCloseable {
    public static final int POOL = 7;

    private final OvsSandbox ovs;
    private final int slots;
    private final List<FakeTcpTarget> targets = new ArrayList<>();
    private final List<FakeAgent> agents = new ArrayList<>();
    private final List<String> keys = new ArrayList<>();
    private PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private LbConfig config;
    private UnaryOperator<SlotTableWriter> wrap;
    private final HttpClient http = HttpClient.newHttpClient();
    private final BundleSlotWriter reader;
    private LbNode node;

    private LbNodeOnOvs(OvsSandbox ovs, int slots) {
        this.ovs = ovs;
        this.slots = slots;
        this.reader = new BundleSlotWriter(new OfctlSwitch(ovs.target(), CommandRunner.processes()), MoveStyle.REPLACE, Ticker.system());
    }

    /**
     * Starts members of these configured weights, all answering {@code up 100%}, and the daemon
     * with a reconcile interval of one second; {@code wrap} may wrap the Open vSwitch writer.
     */
    public static LbNodeOnOvs start(OvsSandbox ovs, int slots, List<Integer> weights,
                                    UnaryOperator<SlotTableWriter> wrap) throws Exception {
        return start(ovs, slots, weights, wrap, Duration.ofSeconds(1));
    }

    /** As {@link #start(OvsSandbox, int, List, UnaryOperator)} with another reconcile interval. */
    public static LbNodeOnOvs start(OvsSandbox ovs, int slots, List<Integer> weights,
                                    UnaryOperator<SlotTableWriter> wrap, Duration reconcile) throws Exception {
        return start(ovs, slots, weights, wrap, "probe: 200ms, probe-timeout: 200ms, fall: 2, rise: 2, agent: 200ms, "
                + "agent-timeout: 200ms, reconcile: " + Durations.format(reconcile));
    }

    /**
     * As {@link #start(OvsSandbox, int, List, UnaryOperator)} with the config's {@code intervals}
     * mapping, e.g. {@code "agent: 2s, reconcile: 2s"} (the rest at their defaults).
     */
    public static LbNodeOnOvs start(OvsSandbox ovs, int slots, List<Integer> weights,
                                    UnaryOperator<SlotTableWriter> wrap, String intervals) throws Exception {
        LbNodeOnOvs stand = new LbNodeOnOvs(ovs, slots);
        try {
            stand.startMembersAndNode(weights, wrap, intervals);
            return stand;
        } catch (Exception | Error e) {
            stand.close();
            throw e;
        }
    }

    private void startMembersAndNode(List<Integer> weights, UnaryOperator<SlotTableWriter> wrap, String intervals)
            throws Exception {
        StringBuilder members = new StringBuilder();
        for (int i = 0; i < weights.size(); i++) {
            InetAddress address = InetAddress.getByName("127.0.0." + (11 + i));
            FakeTcpTarget target = new FakeTcpTarget(address);
            targets.add(target);
            FakeAgent agent = new FakeAgent("up 100%\n", address);
            agents.add(agent);
            keys.add(address.getHostAddress() + ":" + target.port());
            members.append("      - {address: ").append(address.getHostAddress()).append(", port: ").append(target.port())
                    .append(", weight: ").append(weights.get(i)).append(", agent-port: ").append(agent.port())
                    .append(", probe: {kind: tcp}, source: 127.0.0.1}\n");
        }
        String yaml = """
            openflow: %s
            api: 127.0.0.1:0
            intervals: {%s}
            pools:
              - id: %d
                name: web
                listener: 192.168.5.21:80
                slots: %d
                members:
            """.formatted(ovs.target(), intervals, POOL, slots) + members;
        config = new ConfigLoader().parse(yaml);
        this.wrap = wrap;
        startNode();
    }

    private void startNode() throws Exception {
        node = new LbNode(config, wrap.apply(SlotTableWriters.forConfig(config, false, Ticker.system())), registry,
                InstantSource.system(), Ticker.system());
        node.start();
    }

    /**
     * Stops the daemon and starts a new one on the same config, members and switch, as a restarted
     * LB node would (nothing is carried over but what the switch holds).
     */
    public void restartNode() throws Exception {
        node.close();
        node = null;
        registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        startNode();
    }

    public OvsSandbox ovs() {
        return ovs;
    }

    public LbNode node() {
        return node;
    }

    /** The configuration the daemon runs. */
    public LbConfig config() {
        return config;
    }

    public int slots() {
        return slots;
    }

    /** Member keys {@code a.b.c.d:port} in the order of the weights given to {@link #start}. */
    public String key(int member) {
        return keys.get(member);
    }

    public FakeAgent agent(int member) {
        return agents.get(member);
    }

    public FakeTcpTarget target(int member) {
        return targets.get(member);
    }

    public int members() {
        return keys.size();
    }

    /** All of table 11, read with {@code ovs-ofctl --no-names -O OpenFlow14 dump-flows TARGET table=11}. */
    public Table11Snapshot dump() throws Exception {
        return reader.read();
    }

    /** The pool's slot owners as the switch holds them. */
    public SlotTable table() throws Exception {
        return dump().pool(POOL, slots).table();
    }

    public PoolReport report() {
        return node.report().get(0);
    }

    /** A counter of the daemon's registry, tagged with the pool; 0 before it was registered. */
    public double counter(String name) {
        var c = registry.find(name).tag("pool", "web").counter();
        return c == null ? 0 : c.count();
    }

    /** A counter of the daemon's registry, tagged with the pool and {@code key=value}; 0 before it was registered. */
    public double counter(String name, String key, String value) {
        var c = registry.find(name).tag("pool", "web").tag(key, value).counter();
        return c == null ? 0 : c.count();
    }

    public HttpResponse<String> post(String path) throws IOException, InterruptedException {
        URI uri = URI.create("http://127.0.0.1:" + node.apiAddress().getPort() + path);
        return http.send(HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** Stops the daemon, then every agent and target; the sandbox belongs to the caller. */
    @Override
    public void close() throws IOException {
        try {
            if (node != null) {
                node.close();
            }
        } finally {
            for (FakeAgent a : agents) {
                a.close();
            }
            for (FakeTcpTarget t : targets) {
                t.close();
            }
        }
    }
}
