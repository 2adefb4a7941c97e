package io.rxhealth.ovs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.ovs.flow.BundleSlotWriter;
import io.rxhealth.ovs.flow.MoveStyle;
import io.rxhealth.ovs.flow.OvsSandbox;
import io.rxhealth.ovs.neigh.IpNeighbourSource;
import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.SlotTable;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon with a topology against a real ovs-vswitchd (sandbox, userspace datapath): it owns
 * the whole pipeline. Three members on 127.0.0.21-23 (TCP targets, fake agents; member 2's agent
 * says {@code down}, so the current table is never the full pool), their MACs from a neighbour
 * table fed by a fake {@code ip -json neigh}; assertions on what {@code dump-flows} shows.
 */
@ExtendWith(OvsSandbox.PerTestClass.class)
class LbNodePipelineIT {
    private static final int POOL = 9;
    private static final int SLOTS = 64;
    /** One pipeline-check interval (300 ms) plus the apply and a busy machine. */
    private static final Duration ONE_INTERVAL = Duration.ofSeconds(5);
    private static final String MAC0 = "02:42:7f:00:00:15";
    private static final String MAC1 = "02:42:7f:00:00:16";
    private static final String MAC1_NEW = "02:42:7f:00:00:99";

    private final OvsSandbox ovs;
    @TempDir
    Path dir;
    private ThreeMemberTopology members;
    private List<String> keys;
    private final Map<String, String> neighJson = new ConcurrentHashMap<>();
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private LbNode node;
    private BundleSlotWriter reader;

    LbNodePipelineIT(OvsSandbox ovs) {
        this.ovs = ovs;
    }

    @BeforeEach
    void startDaemon() throws Exception {
        ovs.ofctl("del-flows", ovs.target());
        reader = new BundleSlotWriter(new OfctlSwitch(ovs.target(), CommandRunner.processes()), MoveStyle.REPLACE, Ticker.system());
        members = ThreeMemberTopology.start(21, List.of("up 100%\n", "up 100%\n", "down #storage\n"));
        keys = members.keys;
        neigh(MAC0, MAC1);
        LbConfig config = members.config(ovs, dir, POOL, SLOTS, "{probe: 200ms, probe-timeout: 200ms,"
                + " fall: 2, rise: 2, agent: 200ms, agent-timeout: 200ms, reconcile: 1s, pipeline: 300ms, neigh: 200ms}");
        CommandRunner processes = CommandRunner.processes();
        CommandRunner ip = (command, stdin, timeout) ->
                new CommandResult(0, neighJson.getOrDefault(command.get(command.size() - 1), "[]"), "");
        node = new LbNode(config, SlotTableWriters.forConfig(config, false, Ticker.system()), processes,
                new IpNeighbourSource(ip, Duration.ofSeconds(1)), registry, InstantSource.system(), Ticker.system());
        node.start();
    }

    @AfterEach
    void stopDaemon() throws Exception {
        if (node != null) {
            node.close();
        }
        if (members != null) {
            members.close();
        }
    }

    @Test
    void startInstallsThePipelineWithTheCurrentSlotsAndMacs() throws Exception {
        SlotTable installed = table();

        assertThat(new TreeSet<>(installed.keys())).containsExactly(keys.get(0), keys.get(1));
        assertThat(reader.read().flowCount()).isEqualTo(SLOTS + 1);
        assertThat(flows(0)).anyMatch(f -> f.contains("in_port=10"));
        assertThat(flows(10)).anyMatch(f -> f.contains("multipath(symmetric_l3l4,9,modulo_n,64,0"));
        assertThat(memberFlow("127.0.0.21")).contains("set_field:" + MAC0 + "->eth_dst,output:10");
        assertThat(memberFlow("127.0.0.22")).contains("set_field:" + MAC1 + "->eth_dst,output:11");
        assertThat(memberFlow("127.0.0.23")).as("never resolved: no flow").isNull();
        assertThat(installed.digest()).isEqualTo(node.report().get(0).digest());
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(3)).untilAsserted(() -> {
            assertThat(counter("rxhealth_lbd_pipeline_applies_total", "result", "ok")).as("an intact pipeline is left alone")
                    .isEqualTo(1);
            assertThat(counter("rxhealth_lbd_pipeline_repairs_total", null, null)).isZero();
        });
    }

    @Test
    void delFlowsIsRepairedWithTheSameSlotsAndTheMacsMemorySaysAreUnchanged() throws Exception {
        List<String> before = normalisedFlows();
        double applies = counter("rxhealth_lbd_pipeline_applies_total", "result", "ok");

        ovs.ofctl("del-flows", ovs.target());

        await().atMost(ONE_INTERVAL).untilAsserted(() -> assertThat(normalisedFlows()).isEqualTo(before));
        assertThat(memberFlow("127.0.0.21")).contains(MAC0);
        assertThat(counter("rxhealth_lbd_pipeline_repairs_total", null, null)).isGreaterThanOrEqualTo(1);
        assertThat(counter("rxhealth_lbd_pipeline_applies_total", "result", "ok")).isGreaterThan(applies);
    }

    @Test
    void anOvsVswitchdRestartIsRepaired() throws Exception {
        List<String> before = normalisedFlows();

        ovs.restartVswitchd();

        await().atMost(ONE_INTERVAL).untilAsserted(() -> assertThat(normalisedFlows()).isEqualTo(before));
    }

    @Test
    void aChangedMacRewritesExactlyThatMembersFlow() throws Exception {
        List<String> before = normalisedFlows();

        neigh(MAC0, MAC1_NEW);

        await().atMost(ONE_INTERVAL).untilAsserted(() -> assertThat(memberFlow("127.0.0.22")).contains(MAC1_NEW));
        List<String> after = normalisedFlows();
        List<String> gone = new ArrayList<>(before);
        gone.removeAll(after);
        List<String> added = new ArrayList<>(after);
        added.removeAll(before);
        assertThat(gone).singleElement().satisfies(f -> assertThat(f).contains("nw_dst=127.0.0.22").contains(MAC1));
        assertThat(added).singleElement().satisfies(f -> assertThat(f).contains("nw_dst=127.0.0.22").contains(MAC1_NEW));
        assertThat(counter("rxhealth_lbd_neighbour_updates_total", "result", "ok")).isEqualTo(1);
    }

    @Test
    void anOperatorReapplyRewritesTheWholePipelineWithTheCurrentState() throws Exception {
        List<String> before = normalisedFlows();
        double applies = counter("rxhealth_lbd_pipeline_applies_total", "result", "ok");
        // A flow the pipeline does not have: a whole re-apply removes it, a table-11 re-apply would not.
        ovs.ofctl("add-flow", ovs.target(), "table=3,priority=5,ip actions=drop");

        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + node.apiAddress().getPort() + "/reapply"))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(counter("rxhealth_lbd_pipeline_applies_total", "result", "ok")).isEqualTo(applies + 1);
        assertThat(normalisedFlows()).isEqualTo(before);
    }

    private void neigh(String mac0, String mac1) {
        neighJson.put("rxhhc0", "[{\"dst\":\"127.0.0.21\",\"lladdr\":\"" + mac0 + "\",\"state\":[\"REACHABLE\"]},"
                + "{\"dst\":\"127.0.0.22\",\"lladdr\":\"" + mac1 + "\",\"state\":[\"STALE\"]},"
                + "{\"dst\":\"127.0.0.23\",\"state\":[\"FAILED\"]}]");
    }

    private SlotTable table() throws Exception {
        return reader.read().pool(POOL, SLOTS).table();
    }

    private List<String> flows(int table) throws Exception {
        return ovs.ofctl("dump-flows", ovs.target(), "table=" + table).lines()
                .filter(l -> l.strip().startsWith("cookie=")).toList();
    }

    private String memberFlow(String address) throws Exception {
        return flows(21).stream().filter(f -> f.contains("priority=100,ip,nw_dst=" + address + " ")).findFirst().orElse(null);
    }

    /** Every flow of the switch without statistics, sorted: equal lists are equal pipelines. */
    private List<String> normalisedFlows() throws Exception {
        return ovs.ofctl("dump-flows", ovs.target()).lines().map(String::strip).filter(l -> l.startsWith("cookie="))
                .map(l -> l.replaceAll("(duration|n_packets|n_bytes|idle_age|hard_age)=[^,]+, ", ""))
                .sorted().toList();
    }

    private double counter(String name, String tag, String value) {
        String scrape = registry.scrape();
        String prefix = tag == null ? name + " " : name + "{" + tag + "=\"" + value + "\"";
        return scrape.lines().filter(l -> l.startsWith(prefix)).mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
                .sum();
    }
}
