package io.rxhealth.ovs;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.ovs.config.ConfigLoader;
import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.ovs.fake.FakeSwitch;
import io.rxhealth.ovs.neigh.NeighbourParser;
import io.rxhealth.ovs.neigh.NeighbourReport;
import io.rxhealth.ovs.pipeline.Ipv4;
import io.rxhealth.ovs.pipeline.Mac;
import io.rxhealth.ovs.pipeline.PipelineApplier;
import io.rxhealth.ovs.pipeline.PipelineMarker;
import io.rxhealth.ovs.pipeline.Topology;
import io.rxhealth.ovs.slots.RecordingSlotTableWriter;
import io.rxhealth.weighting.Ticker;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon with a topology, its Open vSwitch replaced by a recording command runner and its
 * neighbour table by a scripted one: which bundles and tool commands it issues at start, on
 * {@code /reapply} and for the operator commands.
 */
class LbNodeDataPlaneIT {
    private static final Ipv4 BE1 = Ipv4.parse("127.0.0.31", "test");
    private static final Mac MAC1 = new Mac("02:42:7f:00:00:1f");

    @TempDir
    Path dir;
    private final FakeSwitch ovs = new FakeSwitch();
    private final RecordingSlotTableWriter table11 = new RecordingSlotTableWriter();
    private final List<FakeTcpTarget> targets = new ArrayList<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private LbConfig config;
    private LbNode node;

    @BeforeEach
    void start() throws Exception {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            FakeTcpTarget t = new FakeTcpTarget(InetAddress.getByName("127.0.0." + (31 + i)));
            targets.add(t);
            keys.add("127.0.0." + (31 + i) + ":" + t.port());
        }
        Files.writeString(dir.resolve("topology.yaml"), """
            segments:
              - {name: pub, kind: public, prefix: 192.168.5.0/24, mac: "02:42:c0:a8:05:14", address: 192.168.5.20,
                 ports: [{name: rxhpub0, ofport: 1}]}
              - name: lo
                kind: private
                prefix: 127.0.0.0/24
                mac: "02:42:7f:00:00:01"
                address: 127.0.0.1
                ports: [{name: rxhbe0, ofport: 10, address: 127.0.0.31}, {name: rxhbe1, ofport: 11, address: 127.0.0.32}]
                hc: [{name: rxhhc0, ofport: 4, address: 127.0.0.253, mac: "02:42:7f:00:00:fd"}]
            pools: [{id: 3, slots: 16, members: [%s, %s]}]
            listeners: [{vip: 192.168.5.21, port: 80, pool: 3}]
            """.formatted(keys.get(0), keys.get(1)));
        Files.writeString(dir.resolve("lbd.yaml"), """
            openflow: unix:/run/rxh/br-rxh.mgmt
            api: 127.0.0.1:0
            topology: topology.yaml
            appctl: /run/rxh/vswitchd.ctl
            intervals: {probe: 200ms, probe-timeout: 200ms, reconcile: 1m, pipeline: 1m, neigh: 1m}
            pools:
              - id: 3
                name: web
                listener: 192.168.5.21:80
                slots: 16
                members:
                  - {address: 127.0.0.31, port: %d, agent: false, probe: {kind: tcp}, source: 127.0.0.1}
                  - {address: 127.0.0.32, port: %d, agent: false, probe: {kind: tcp}, source: 127.0.0.1}
            """.formatted(targets.get(0).port(), targets.get(1).port()));
        targets.get(1).stop();
        config = new ConfigLoader().load(dir.resolve("lbd.yaml"));
        String neigh = "[{\"dst\":\"127.0.0.31\",\"lladdr\":\"" + MAC1 + "\",\"state\":[\"REACHABLE\"]},"
                + "{\"dst\":\"127.0.0.32\",\"state\":[\"INCOMPLETE\"]}]";
        node = new LbNode(config, table11, ovs, dev -> NeighbourParser.parse(neigh, dev),
                new PrometheusMeterRegistry(PrometheusConfig.DEFAULT), InstantSource.system(), Ticker.system());
        node.start();
    }

    @AfterEach
    void stop() throws Exception {
        node.close();
        for (FakeTcpTarget t : targets) {
            t.close();
        }
    }

    @Test
    void startAppliesOnePipelineBundleWithTheInstalledTableAndTheResolvedMacs() {
        Topology topology = config.pipeline().orElseThrow().topology();
        var installed = table11.last().next();

        assertThat(installed.slotCounts().entrySet()).as("member 1 is down: the table is not the full pool")
                .filteredOn(e -> e.getValue() > 0).extracting(Map.Entry::getKey).containsExactly(installed.keys().get(0));
        assertThat(ovs.bundles()).containsExactly(PipelineApplier.bundle(topology, Map.of(3, installed),
                Map.of(BE1, MAC1), PipelineMarker.cookie(topology)).text());
    }

    @Test
    void reapplyRewritesTheSamePipelineAndNeighShowsWhatTable21Holds() throws Exception {
        String first = ovs.bundles().get(0);

        assertThat(node.neighbours()).extracting(NeighbourReport::origin).containsExactly("KERNEL", "UNRESOLVED");
        assertThat(cli("neigh", "--json")).isZero();
        assertThat(out.toString()).contains("\"member\" : \"127.0.0.31\"").contains("\"installed\" : \"" + MAC1 + "\"")
                .contains("\"state\" : \"INCOMPLETE\"");

        ovs.clear();
        assertThat(node.reapply()).isTrue();
        assertThat(ovs.bundles()).containsExactly(first);
    }

    @Test
    void operatorCommandsRunTheOvsToolsWithTheDaemonsTargetAndSocket() {
        ovs.output("dpctl/dump-conntrack", "tcp,orig=(src=192.168.5.13,dst=192.168.5.21,sport=40001,dport=80),"
                + "reply=(src=127.0.0.31,dst=192.168.5.13,sport=8080,dport=40001),zone=1,protoinfo=(state=ESTABLISHED)\n");

        assertThat(cli("flows", "21")).isZero();
        assertThat(cli("trace", "1", "tcp,nw_src=192.168.5.13,nw_dst=192.168.5.21,tp_dst=80")).isZero();
        assertThat(cli("fdb")).isZero();
        assertThat(cli("conns", "--json")).isZero();

        assertThat(ovs.calls()).extracting(FakeSwitch.Call::command).contains(
                List.of("ovs-ofctl", "--no-names", "-O", "OpenFlow14", "dump-flows", "unix:/run/rxh/br-rxh.mgmt", "table=21"),
                List.of("ovs-appctl", "-t", "/run/rxh/vswitchd.ctl", "ofproto/trace", "br-rxh",
                        "in_port=1,tcp,nw_src=192.168.5.13,nw_dst=192.168.5.21,tp_dst=80"),
                List.of("ovs-ofctl", "--no-names", "-O", "OpenFlow14", "dump-flows", "unix:/run/rxh/br-rxh.mgmt", "table=25"),
                List.of("ovs-appctl", "-t", "/run/rxh/vswitchd.ctl", "dpctl/dump-conntrack", "zone=1"));
        assertThat(out.toString()).contains("\"member\" : \"127.0.0.31:8080\"").contains("\"ESTABLISHED\" : 1");
    }

    @Test
    void refusesATraceArgumentThatIsNotAFlowInOneLine() {
        assertThat(cli("trace", "1", "tcp;reboot")).isEqualTo(1);
        assertThat(err.toString().strip()).isEqualTo("rx-health-lbd: API GET /trace: HTTP 400: flow: 'tcp;reboot'"
                + " (expected: ovs-ofctl flow fields such as tcp,nw_src=192.168.5.13,nw_dst=192.168.5.21,tp_dst=80)");
    }

    private int cli(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add(1, "--api");
        all.add(2, "127.0.0.1:" + node.apiAddress().getPort());
        return LbNodeMain.commandLine(new PrintWriter(out, true), new PrintWriter(err, true))
                .execute(all.toArray(String[]::new));
    }
}
