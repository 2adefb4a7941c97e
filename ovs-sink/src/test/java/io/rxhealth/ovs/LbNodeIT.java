package io.rxhealth.ovs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.ovs.config.ConfigLoader;
import io.rxhealth.ovs.fake.FakeAgent;
import io.rxhealth.ovs.fake.FakeHttpTarget;
import io.rxhealth.ovs.pool.MemberReport;
import io.rxhealth.ovs.pool.PoolReport;
import io.rxhealth.ovs.slots.RecordingSlotTableWriter;
import io.rxhealth.weighting.Promtool;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.SlotTable;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.InstantSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The daemon end to end on loopback: fake agents, fake probe targets, a recording writer. */
class LbNodeIT {
    private final RecordingSlotTableWriter writer = new RecordingSlotTableWriter();
    private final HttpClient http = HttpClient.newHttpClient();
    private FakeHttpTarget targetA;
    private FakeHttpTarget targetB;
    private FakeAgent agentA;
    private FakeAgent agentB;
    private LbNode node;
    private String a;
    private String b;

    @BeforeEach
    void setUp() throws Exception {
        targetA = new FakeHttpTarget();
        targetB = new FakeHttpTarget();
        agentA = new FakeAgent("up 100%\n");
        agentB = new FakeAgent("up 100%\n");
        a = "127.0.0.1:" + targetA.port();
        b = "127.0.0.1:" + targetB.port();
        String yaml = """
            openflow: br-test
            api: 127.0.0.1:0
            intervals: {probe: 100ms, probe-timeout: 100ms, fall: 3, rise: 2, agent: 100ms, agent-timeout: 100ms, reconcile: 1s}
            pools:
              - id: 7
                name: web
                listener: 192.168.5.21:80
                slots: 1024
                members:
                  - {address: 127.0.0.1, port: %d, agent-port: %d, agent-send: "hello web\\n", source: 127.0.0.1}
                  - {address: 127.0.0.1, port: %d, agent-port: %d, source: lo}
            """.formatted(targetA.port(), agentA.port(), targetB.port(), agentB.port());
        node = new LbNode(new ConfigLoader().parse(yaml), writer, new PrometheusMeterRegistry(PrometheusConfig.DEFAULT),
                InstantSource.system(), Ticker.system());
        node.start();
    }

    @AfterEach
    void tearDown() throws Exception {
        node.close();
        agentA.close();
        agentB.close();
        targetA.close();
        targetB.close();
    }

    @Test
    void startsWithTheLayoutOfWhatMembersSayNow() {
        // One apply at start, not one per member as the first probe results came in.
        assertThat(writer.applies()).hasSize(1);
        SlotTable first = writer.applies().get(0).next();
        assertThat(first.slotCounts()).containsEntry(a, 512).containsEntry(b, 512);
        assertThat(agentA.lastSent()).isEqualTo("hello web\n");
    }

    @Test
    void agentReplyChangeReappliesWithTheNewWeights() {
        agentA.reply("up 50% # recovering\n");

        // 50 : 100 of 1024 slots: floor or ceiling of 341.3 and 682.7.
        await().atMost(Duration.ofSeconds(5)).until(() -> slots(a) == 341 || slots(a) == 342);
        assertThat(slots(b)).isEqualTo(1024 - slots(a));
        assertThat(member(a).agentWeight()).isEqualTo(50);
        assertThat(member(a).lastReply()).isEqualTo("up 50% # recovering");
    }

    @Test
    void drainMarkerReplyTakesTheMemberOut() {
        agentB.reply("drain # marker file present\n");

        await().atMost(Duration.ofSeconds(5)).until(() -> slots(b) == 0);
        assertThat(member(b).verdict()).isEqualTo("drain (agent)");
        assertThat(slots(a)).isEqualTo(1024);
    }

    @Test
    void operatorDrainThroughTheApiTakesTheMemberOutWhileProbesGoOn() throws Exception {
        assertThat(post("/drain?member=" + a).statusCode()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(5)).until(() -> slots(a) == 0);
        int hits = targetA.hits();
        await().atMost(Duration.ofSeconds(5)).until(() -> targetA.hits() > hits + 2);
        assertThat(member(a).probe()).isEqualTo("UP");
        assertThat(member(a).verdict()).isEqualTo("drain (operator)");

        assertThat(post("/enable?member=" + a).statusCode()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(5)).until(() -> slots(a) == 512);
    }

    @Test
    void apiRejectsUnknownMembersAndChangesByGet() throws Exception {
        HttpResponse<String> unknown = post("/drain?member=10.9.9.9:80");
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(unknown.body()).isEqualTo(
                "{\"error\":\"member: 10.9.9.9:80 (expected: address:port of a configured member)\"}");
        assertThat(post("/drain").statusCode()).isEqualTo(400);

        HttpResponse<String> get = get("/drain?member=" + a);
        assertThat(get.statusCode()).isEqualTo(405);
        assertThat(get.headers().firstValue("Allow")).hasValue("POST");
        assertThat(member(a).operatorDrain()).isFalse();
        assertThat(get("/nowhere").statusCode()).isEqualTo(404);
    }

    @Test
    void probeFailureTakesTheMemberOutAndRecoveryBringsBackTheSameDigest() {
        String original = writer.last().next().digest();

        targetB.status(503);
        await().atMost(Duration.ofSeconds(5)).until(() -> slots(b) == 0);
        assertThat(member(b).verdict()).isEqualTo("down (probe)");
        assertThat(member(b).probeDetail()).isEqualTo("HTTP 503");

        targetB.status(200);
        await().atMost(Duration.ofSeconds(5)).until(() -> slots(b) == 512);
        assertThat(writer.last().next().digest()).isEqualTo(original);
        assertThat(report().digest()).isEqualTo(original);
    }

    @Test
    void failingAgentFreezesTheMemberWhereItWas() throws Exception {
        agentA.reply("up 25%\n");
        // 25 : 100 of 1024 slots: quotas 204.8 and 819.2, the largest remainder gets the odd slot.
        await().atMost(Duration.ofSeconds(5)).until(() -> slots(a) == 205);
        int applies = writer.applies().size();

        agentA.reply("up 75%");
        await().atMost(Duration.ofSeconds(5)).until(() -> member(a).agentFailure() != null
                && member(a).agentFailure().startsWith("incomplete"));
        agentA.close();
        await().atMost(Duration.ofSeconds(5)).until(() -> member(a).agentFailure() != null
                && member(a).agentFailure().startsWith("connect"));

        assertThat(member(a).agent()).isEqualTo("up 25%");
        assertThat(member(a).effectiveWeight()).isEqualTo(25);
        assertThat(writer.applies()).hasSize(applies);
    }

    @Test
    void writerFailureIsRetriedAndTheBeliefKept() {
        SlotTable installed = writer.last().next();
        writer.failNext(2);

        agentB.reply("up 50%\n");

        await().atMost(Duration.ofSeconds(5)).until(() -> slots(b) == 341 || slots(b) == 342);
        assertThat(writer.failures()).isEqualTo(2);
        assertThat(report().applyFailures()).isEqualTo(2);
        assertThat(writer.last().installed()).isEqualTo(installed);
        assertThat(writer.last().force()).isTrue();
    }

    @Test
    void reapplyThatFailsAnswers502WithTheBeliefKept() throws Exception {
        String digest = report().digest();
        writer.failNext(1);

        HttpResponse<String> response = post("/reapply");

        assertThat(response.statusCode()).isEqualTo(502);
        assertThat(response.body()).contains("\"reapplied\" : false");
        assertThat(report().digest()).isEqualTo(digest);
        assertThat(report().lastError()).contains("bundle failed");
    }

    @Test
    void everyMemberDownEmptiesTheTable() throws Exception {
        // Down by the liveness probe: a member whose probe fails stays out even in panic.
        targetA.status(503);
        targetB.status(503);

        await().atMost(Duration.ofSeconds(5)).until(() -> report().failClose());
        assertThat(writer.last().next().isEmpty()).isTrue();
        assertThat(get("/metrics").body()).contains("rxhealth_lbd_fail_close_total{pool=\"web\"} 1.0");
    }

    @Test
    void everyAgentDownWithProbesUpIsPanicAndKeepsEveryMember() throws Exception {
        String healthy = report().digest();
        agentA.reply("down # cpu crit\n");
        agentB.reply("stopped\n");

        await().atMost(Duration.ofSeconds(5)).until(() -> "down".equals(member(a).agent())
                && "down".equals(member(b).agent()));
        await().atMost(Duration.ofSeconds(5)).until(() -> report().panic());
        assertThat(report().failClose()).isFalse();
        assertThat(report().digest()).isEqualTo(healthy);
        assertThat(slots(a)).isEqualTo(512);
        assertThat(slots(b)).isEqualTo(512);
        assertThat(member(a).verdict()).isEqualTo("up (panic)");
        assertThat(get("/status").body()).contains("\"panic\" : true", "\"healthyShare\" : 0.0",
                "\"panicThreshold\" : 50");
        assertThat(get("/metrics").body()).contains("rxhealth_lbd_pool_panic{pool=\"web\"} 1.0",
                "rxhealth_lbd_pool_healthy_share{pool=\"web\"} 0.0");

        agentA.reply("up 100%\n");
        await().atMost(Duration.ofSeconds(5)).until(() -> !report().panic());
        await().atMost(Duration.ofSeconds(5)).until(() -> slots(a) == 1024);
        assertThat(get("/metrics").body()).contains("rxhealth_lbd_pool_panic{pool=\"web\"} 0.0");
    }

    @Test
    void reapplyForcesTheSameTableAgain() throws Exception {
        int applies = writer.applies().size();

        HttpResponse<String> response = post("/reapply");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(writer.applies()).hasSize(applies + 1);
        assertThat(writer.last().force()).isTrue();
        assertThat(writer.last().next()).isEqualTo(writer.applies().get(applies - 1).next());
    }

    @Test
    void servesStatusSlotsAndMetrics() throws Exception {
        assertThat(get("/status").body()).contains("\"key\" : \"" + a + "\"", "\"lastReply\" : \"up 100%\"");
        assertThat(get("/slots").body()).contains("\"targetShare\" : 0.5", "\"slots\" : 512");
        HttpResponse<String> metrics = get("/metrics");
        assertThat(metrics.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("text/plain"));
        assertThat(metrics.body()).contains("rxhealth_lbd_agent_polls_total{outcome=\"reply\"}",
                "rxhealth_lbd_member_slots{member=\"" + a + "\",pool=\"web\"} 512");
    }

    @Test
    void theFullScrapePassesPromtool() throws Exception {
        String body = get("/metrics").body();

        assertThat(body).contains("rxhealth_lbd_build_info{", "rxhealth_lbd_pool_table_info{digest=\"" + report().digest() + "\"",
                "rxhealth_lbd_slot_table_apply_seconds_bucket{", "rxhealth_lbd_reconcile_seconds_bucket{",
                "rxhealth_lbd_pool_members_up{pool=\"web\"} 2.0", "jvm_memory_used_bytes{", "process_cpu_seconds_total ");
        Promtool.assertClean(body);
    }

    private int slots(String key) {
        return member(key).slots();
    }

    private MemberReport member(String key) {
        return report().members().stream().filter(m -> m.key().equals(key)).findFirst().orElseThrow();
    }

    private PoolReport report() {
        return node.report().get(0);
    }

    private HttpResponse<String> post(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + node.apiAddress().getPort() + path);
    }
}
