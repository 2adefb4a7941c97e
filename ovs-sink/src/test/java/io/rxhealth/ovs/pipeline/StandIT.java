package io.rxhealth.ovs.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.ovs.flow.BundleSlotWriter;
import io.rxhealth.ovs.flow.FlowCounters;
import io.rxhealth.ovs.flow.MoveStyle;
import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.ovs.slots.ApplyMode;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.PoolSpecs;
import io.rxhealth.ovs.stand.Stand;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.SlotTable;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The whole bench of {@code stand/} with real traffic: the pipeline applied by {@link PipelineApplier},
 * Maglev slot tables over the four backends written by {@link BundleSlotWriter}, curl and
 * {@code stand/probe.py} in the client namespaces. Seeds 002 (public path) and 003 (private listener).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StandIT {
    private static final List<String> MEMBERS = List.of("10.20.0.2:8080", "10.20.0.3:8080", "10.30.0.2:8080", "10.30.0.3:8080");
    private static final int CONNECTIONS = 48;

    // One bench for the class: bringing the namespaces up takes seconds.
    private Stand stand;
    private Topology topology;
    private PipelineApplier applier;
    private BundleSlotWriter writer;
    private final Map<Integer, SlotTable> installed = new TreeMap<>();

    @BeforeAll
    void bringUp() throws Exception {
        stand = Stand.bare();
        topology = StandTopology.read();
        applier = new PipelineApplier(new OfctlSwitch(stand.target(), CommandRunner.processes()), Ticker.system());
        writer = new BundleSlotWriter(new OfctlSwitch(stand.target(), CommandRunner.processes()), MoveStyle.REPLACE, Ticker.system());
    }

    @AfterAll
    void tearDown() throws Exception {
        if (stand != null) {
            stand.close();
        }
    }

    /** Every test starts from the pipeline without slots, then the daemon's part: all four members in every pool. */
    @BeforeEach
    void applyPipelineThenSlots() throws Exception {
        installed.clear();
        applier.apply(topology, Map.of(), StandTopology.NEIGHBOURS);
        for (Pool pool : topology.pools()) {
            SlotTable layout = StandTopology.layout(pool, MEMBERS);
            assertThat(writer.apply(spec(pool.id()), null, layout, false).mode()).isEqualTo(ApplyMode.FULL);
            installed.put(pool.id(), layout);
        }
    }

    @Test
    void thePublicListenerSpreadsClientsOverAllMembersAndKeepsTheClientAddress() throws Exception {
        List<Reply> replies = curl("cli1", "http://192.168.5.21/", CONNECTIONS);

        assertThat(replies).hasSize(CONNECTIONS);
        assertThat(Reply.backends(replies)).containsExactlyElementsOf(Stand.BACKENDS);
        assertThat(replies).allSatisfy(r -> {
            assertThat(r.client()).as("client address the backend saw (no SNAT)").isEqualTo("192.168.5.13");
            assertThat(r.servedPort()).as("port the backend served").isEqualTo(8080);
        });
        // Routed both ways: the reply crossed the node once, and the node decremented its TTL.
        assertThat(stand.probe("cli1", "ttl", "192.168.5.21", "80", "8").stdout().strip().split("\n"))
                .hasSize(8).allSatisfy(line -> assertThat(line).endsWith(" ttl=63"));
    }

    @Test
    void thePrivateListenerIsSwitchedForNeighboursAndRoutedForOthers() throws Exception {
        List<Reply> replies = curl("cli2", "http://10.20.0.100/", CONNECTIONS);
        assertThat(Reply.backends(replies)).containsExactlyElementsOf(Stand.BACKENDS);
        assertThat(replies).allSatisfy(r -> {
            assertThat(r.client()).isEqualTo("10.20.0.10");
            assertThat(r.servedPort()).isEqualTo(8080);
        });

        // TTL of the reply: a neighbour answering directly and a neighbour behind the VIP look the same.
        String direct = stand.probe("cli2", "ttl", "10.20.0.2", "8080", "1").stdout();
        assertThat(direct).startsWith("backend=be1 client=10.20.0.10").contains("ttl=64");
        Map<String, TreeSet<String>> ttls = new TreeMap<>();
        for (String line : stand.probe("cli2", "ttl", "10.20.0.100", "80", "24").stdout().strip().split("\n")) {
            Matcher m = Pattern.compile("backend=(\\w+) .* ttl=(\\d+)").matcher(line);
            assertThat(m.matches()).as(line).isTrue();
            ttls.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(m.group(2));
        }
        ttls.forEach((backend, seen) -> assertThat(seen).as("reply TTLs via %s", backend)
                .containsExactly(backend.equals("be1") || backend.equals("be3") ? "64" : "63"));
    }

    @Test
    void trafficInsideASegmentAndToBackendsDirectlyIsUntouched() throws Exception {
        assertThat(curl("cli2", "http://10.20.0.2:8080/", 1)).containsExactly(new Reply("be1", "10.20.0.10", "10.20.0.2", 8080));
        assertThat(curl("be1", "http://10.20.0.3:8080/", 1)).containsExactly(new Reply("be3", "10.20.0.2", "10.20.0.3", 8080));
        assertThat(curl("cli1", "http://10.30.0.3:8080/", 1)).containsExactly(new Reply("be4", "192.168.5.13", "10.30.0.3", 8080));
        assertThat(curl("lb", "http://10.20.0.2:8080/", 1)).as("a probe from the hc port")
                .containsExactly(new Reply("be1", "10.20.0.253", "10.20.0.2", 8080));
    }

    @Test
    void theRespondersAnswerArpAndEchoForTheNodeVipsAndHcAddresses() throws Exception {
        assertThat(stand.probe("cli1", "ping", "192.168.5.21").stdout()).isEqualTo("reply from 192.168.5.21 ttl=64\n");
        assertThat(stand.probe("cli1", "ping", "192.168.5.20").stdout()).isEqualTo("reply from 192.168.5.20 ttl=64\n");
        assertThat(stand.probe("cli2", "ping", "10.20.0.100").stdout()).isEqualTo("reply from 10.20.0.100 ttl=64\n");
        assertThat(stand.probe("cli3", "ping", "10.30.0.1").stdout()).isEqualTo("reply from 10.30.0.1 ttl=64\n");
        assertThat(stand.probe("cli1", "ping", "192.168.5.99").exitCode()).as("nobody answers an unknown address").isEqualTo(1);

        assertThat(stand.probe("cli1", "arp", "192.168.5.21").stdout()).isEqualTo("192.168.5.21 is-at 02:42:c0:a8:05:14\n");
        assertThat(stand.probe("cli2", "arp", "10.20.0.1").stdout()).isEqualTo("10.20.0.1 is-at 02:42:0a:14:00:01\n");
        assertThat(stand.probe("cli2", "arp", "10.20.0.100").stdout()).isEqualTo("10.20.0.100 is-at 02:42:0a:14:00:01\n");
        assertThat(stand.probe("be2", "arp", "10.30.0.253").stdout()).as("hc address").isEqualTo("10.30.0.253 is-at 02:42:0a:1e:00:01\n");
        assertThat(stand.probe("cli2", "arp", "10.20.0.3").stdout()).as("a neighbour answers itself, switched")
                .isEqualTo("10.20.0.3 is-at 02:42:0a:14:00:03\n");
        assertThat(stand.probe("cli2", "arp", "10.30.0.2").exitCode()).as("no answer across segments").isEqualTo(1);
    }

    @Test
    void anEmptySlotTableDropsNewConnectionsAndCountsThem() throws Exception {
        long before = writer.read().failClose().orElseThrow().packets();
        SlotTable empty = StandTopology.layout(topology.pool(1), List.of());
        assertThat(writer.apply(spec(1), installed.get(1), empty, false).mode()).isEqualTo(ApplyMode.FAIL_CLOSE);

        CommandResult refused = stand.on("cli1", "curl", "-s", "-m", "2", "http://192.168.5.21/");
        FlowCounters after = writer.read().failClose().orElseThrow();

        assertThat(refused.exitCode()).as("curl exit (28: timed out)").isEqualTo(28);
        assertThat(after.packets()).isGreaterThan(before);
        assertThat(curl("cli2", "http://10.20.0.100/", 4)).as("other pools keep serving").hasSize(4);
    }

    @Test
    void aLongStreamSurvivesTheRemovalOfAnotherMemberAndNewConnectionsAvoidIt() throws Exception {
        Process slow = stand.start("cli1", "curl", "-sN", "-m", "20", "http://192.168.5.21/slow?seconds=4");
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(slow.getInputStream(), StandardCharsets.UTF_8));
            String first = lines.readLine();
            assertThat(first).startsWith("backend=");
            String streaming = first.substring("backend=".length(), first.indexOf(' '));
            String leaver = Stand.BACKENDS.stream().filter(b -> !b.equals(streaming)).findFirst().orElseThrow();
            List<String> rest = new ArrayList<>(MEMBERS);
            rest.remove(member(leaver));
            SlotTable without = StandTopology.layout(topology.pool(1), rest);

            assertThat(writer.apply(spec(1), installed.get(1), without, false).mode()).isEqualTo(ApplyMode.INCREMENTAL);
            assertThat(Reply.backends(curl("cli1", "http://192.168.5.21/", CONNECTIONS))).doesNotContain(leaver);

            String last = null;
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                last = line;
            }
            assertThat(slow.waitFor(20, TimeUnit.SECONDS)).isTrue();
            assertThat(last).startsWith("backend=" + streaming + " done client=192.168.5.13");
            assertThat(slow.exitValue()).isZero();
        } finally {
            slow.destroyForcibly();
        }
    }

    @Test
    void switchingOffPrivateListenersOfOneSegmentLeavesItsConnectivityAndTheOthersAlone() throws Exception {
        Topology off = topology.withPrivateListeners("priv3", false);
        applier.apply(off, installed, StandTopology.NEIGHBOURS);

        assertThat(stand.on("cli3", "curl", "-s", "-m", "2", "http://10.30.0.100/").exitCode())
                .as("curl exit (28: timed out, 7: no ARP answer)").isIn(7, 28);
        assertThat(curl("cli3", "http://10.30.0.2:8080/", 1)).extracting(Reply::backend).containsExactly("be2");
        assertThat(Reply.backends(curl("cli2", "http://10.20.0.100/", CONNECTIONS))).containsExactlyElementsOf(Stand.BACKENDS);
        assertThat(Reply.backends(curl("cli1", "http://192.168.5.21/", CONNECTIONS))).containsExactlyElementsOf(Stand.BACKENDS);
        for (Pool pool : topology.pools()) {
            assertThat(writer.read().holds(pool.id(), installed.get(pool.id())))
                    .as("pool %d's slots survive the pipeline re-apply", pool.id()).isTrue();
        }

        applier.apply(topology, installed, StandTopology.NEIGHBOURS);
        assertThat(Reply.backends(curl("cli3", "http://10.30.0.100/", CONNECTIONS))).containsExactlyElementsOf(Stand.BACKENDS);
    }

    @Test
    void reapplyingThePipelineGivesTheSameFlowsWithTheCurrentSlotsNotTheFullPool() throws Exception {
        List<String> rest = new ArrayList<>(MEMBERS);
        rest.remove(member("be4"));
        SlotTable without = StandTopology.layout(topology.pool(1), rest);
        writer.apply(spec(1), installed.get(1), without, false);
        installed.put(1, without);

        applier.apply(topology, installed, StandTopology.NEIGHBOURS);
        List<String> first = pipelineFlows();
        applier.apply(topology, installed, StandTopology.NEIGHBOURS);

        assertThat(pipelineFlows()).isEqualTo(first);
        assertThat(writer.read().holds(1, without)).isTrue();
        assertThat(Reply.backends(curl("cli1", "http://192.168.5.21/", CONNECTIONS))).containsExactly("be1", "be2", "be3");
    }

    /** Pool {@code id} of the topology, as the slot writer takes it. */
    private PoolSpec spec(int id) {
        return PoolSpecs.of(id, topology.pool(id).slots());
    }

    /** Every flow of the bridge except learned ones (they come and go with traffic), sorted. */
    private List<String> pipelineFlows() throws Exception {
        CommandResult dump = stand.ofctl("dump-flows", "--no-stats");
        assertThat(dump.exitCode()).isZero();
        return dump.stdout().lines().filter(l -> l.contains("table=") && !l.contains("hard_timeout=300, priority="))
                .map(String::strip).sorted().toList();
    }

    /** {@code count} new connections from HOST to URL in one curl, every reply parsed. */
    private List<Reply> curl(String host, String url, int count) throws Exception {
        List<String> command = new ArrayList<>(List.of("curl", "-s", "-m", "5"));
        command.addAll(Collections.nCopies(count, url));
        CommandResult result = stand.on(host, command.toArray(String[]::new));
        assertThat(result.exitCode()).as("curl %s from %s: %s", url, host, result.stderr()).isZero();
        return result.stdout().lines().map(Reply::parse).toList();
    }

    private static String member(String backend) {
        return Map.of("be1", "10.20.0.2:8080", "be2", "10.30.0.2:8080", "be3", "10.20.0.3:8080", "be4", "10.30.0.3:8080")
                .get(backend);
    }
}
