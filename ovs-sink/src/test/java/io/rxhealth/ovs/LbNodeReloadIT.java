package io.rxhealth.ovs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.rxhealth.ovs.config.ConfigLoader;
import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.ovs.fake.FakeAgent;
import io.rxhealth.ovs.fake.FakeHttpTarget;
import io.rxhealth.ovs.slots.RecordingSlotTableWriter;
import io.rxhealth.weighting.Ticker;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A good reload of the LB daemon as {@code run} does it on SIGHUP: the running node closes and a
 * node for the new config continues it. The members keep their state (the new node's first table
 * already has them, without waiting for rise), each pool keeps the table it installed, so the
 * changed pool is written as a change of the installed table and the unchanged one is not written
 * with anything that differs.
 */
class LbNodeReloadIT {
    private final RecordingSlotTableWriter writer = new RecordingSlotTableWriter();
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
    }

    @AfterEach
    void tearDown() throws Exception {
        if (node != null) {
            node.close();
        }
        agentA.close();
        agentB.close();
        targetA.close();
        targetB.close();
    }

    private LbConfig config(int weightOfB) {
        return new ConfigLoader().parse("""
            openflow: br-test
            api: 127.0.0.1:0
            intervals: {probe: 100ms, probe-timeout: 100ms, fall: 3, rise: 2, agent: 100ms, agent-timeout: 100ms, reconcile: 1s}
            pools:
              - id: 7
                name: web
                listener: 192.168.5.21:80
                slots: 1021
                members:
                  - {address: 127.0.0.1, port: %d, agent-port: %d}
                  - {address: 127.0.0.1, port: %d, agent-port: %d, weight: %d}
              - id: 8
                name: api
                listener: 192.168.5.22:80
                slots: 257
                members:
                  - {address: 127.0.0.1, port: %d, agent-port: %d}
            """.formatted(targetA.port(), agentA.port(), targetB.port(), agentB.port(), weightOfB, targetA.port(),
                agentA.port()));
    }

    private LbNode start(LbConfig config, LbNode previous) throws Exception {
        LbNode started = new LbNode(config, writer, new PrometheusMeterRegistry(PrometheusConfig.DEFAULT),
                InstantSource.system(), Ticker.system(), previous);
        started.start();
        return started;
    }

    @Test
    void aReloadWritesOnlyWhatChangedAndTheMembersKeepTheirState() throws Exception {
        node = start(config(100), null);
        await().atMost(Duration.ofSeconds(10)).until(() -> installed("web") != null && installed("api") != null);
        RecordingSlotTableWriter.Apply webBefore = installed("web");
        RecordingSlotTableWriter.Apply apiBefore = installed("api");
        // 1021 slots at 100 : 100, each the floor or the ceiling of its quota.
        assertThat(webBefore.next().slotCounts().get(a)).isBetween(510, 511);
        assertThat(webBefore.next().slotCounts().get(b)).isBetween(510, 511);
        int before = writer.applies().size();

        node.close();
        LbNode previous = node;
        node = null;
        node = start(config(50), previous);

        await().atMost(Duration.ofSeconds(10)).until(() -> after(before, "web").size() > 0);
        RecordingSlotTableWriter.Apply webAfter = after(before, "web").get(0);
        // Continued: written against the table the switch holds, as a change of it, not a full replace.
        assertThat(webAfter.installed().digest()).isEqualTo(webBefore.next().digest());
        assertThat(webAfter.force()).isFalse();
        // The members' state went on: the first table already weighs B at half, no one missing.
        // 100 : 50 of 1021 slots, floor or ceiling of 680.7 and 340.3.
        assertThat(webAfter.next().slotCounts().get(a)).isBetween(680, 681);
        assertThat(webAfter.next().slotCounts().get(b)).isBetween(340, 341);
        // The pool that did not change is not written with anything that differs from what it holds.
        for (RecordingSlotTableWriter.Apply api : after(before, "api")) {
            assertThat(api.installed().digest()).isEqualTo(apiBefore.next().digest());
            assertThat(api.next().digest()).isEqualTo(apiBefore.next().digest());
        }
        assertThat(node.report().stream().filter(p -> p.name().equals("api")).findFirst().orElseThrow().digest())
                .isEqualTo(apiBefore.next().digest());
    }

    private RecordingSlotTableWriter.Apply installed(String pool) {
        List<RecordingSlotTableWriter.Apply> applies = writer.applies().stream()
                .filter(x -> x.pool().name().equals(pool)).toList();
        return applies.isEmpty() ? null : applies.get(applies.size() - 1);
    }

    private List<RecordingSlotTableWriter.Apply> after(int index, String pool) {
        List<RecordingSlotTableWriter.Apply> all = writer.applies();
        return all.subList(index, all.size()).stream().filter(x -> x.pool().name().equals(pool)).toList();
    }
}
