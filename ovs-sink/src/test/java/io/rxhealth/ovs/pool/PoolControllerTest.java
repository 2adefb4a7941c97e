package io.rxhealth.ovs.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rxhealth.ovs.health.AgentFailure;
import io.rxhealth.ovs.health.ProbeResult;
import io.rxhealth.ovs.slots.MemberSpec;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.RecordingSlotTableWriter;
import io.rxhealth.weighting.maglev.SlotDiff;
import io.rxhealth.weighting.maglev.SlotTable;
import java.time.Instant;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PoolControllerTest {
    private static final String A = "10.20.0.2:8080";
    private static final String B = "10.20.0.3:8080";
    private static final String C = "10.30.0.2:8080";

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final LbMetrics metrics = new LbMetrics(registry);
    private final RecordingSlotTableWriter writer = new RecordingSlotTableWriter();
    private final Map<String, MemberRuntime> members = new LinkedHashMap<>();
    private final PoolSpec pool = new PoolSpec(7, "web", "192.168.5.21", 80, 1024, List.of(
            new MemberSpec(A, 1, "10.20.0.2", 8080, 100),
            new MemberSpec(B, 2, "10.20.0.3", 8080, 100),
            new MemberSpec(C, 3, "10.30.0.2", 8080, 200)));
    private int changes;
    private PoolController controller;

    @BeforeEach
    void setUp() {
        for (MemberSpec m : pool.members()) {
            members.put(m.key(), new MemberRuntime(m.key(), MemberSnapshot.initial(2, 3, true), () -> changes++,
                    metrics, InstantSource.fixed(Instant.parse("2026-11-30T12:00:00Z"))));
        }
        controller = new PoolController(List.of(pool), members, writer, metrics,
                InstantSource.fixed(Instant.parse("2026-11-30T12:00:00Z")));
        for (MemberRuntime m : members.values()) {
            m.onProbe(ProbeResult.pass("HTTP 200"));
        }
    }

    @Test
    void firstReconcileInstallsTheWeightedTable() {
        assertThat(controller.reconcile(false)).isTrue();

        SlotTable t = writer.last().next();
        assertThat(writer.last().installed()).isNull();
        assertThat(t.slotCounts()).containsEntry(A, 256).containsEntry(B, 256).containsEntry(C, 512);
        assertThat(report(C).targetShare()).isEqualTo(0.5);
        assertThat(report(C).slots()).isEqualTo(512);
        assertThat(controller.report().get(0).digest()).isEqualTo(t.digest());
    }

    @Test
    void sameLayoutIsNotReappliedUnlessForced() {
        controller.reconcile(false);
        controller.reconcile(false);
        assertThat(writer.applies()).hasSize(1);

        controller.reconcile(true);
        assertThat(writer.applies()).hasSize(2);
        assertThat(writer.last().force()).isTrue();
        assertThat(writer.last().next().digest()).isEqualTo(writer.applies().get(0).next().digest());
    }

    @Test
    void agentReplyChangeReappliesWithTheNewWeights() {
        controller.reconcile(false);
        SlotTable before = writer.last().next();

        members.get(A).onAgentReply("up 50%");
        controller.reconcile(false);

        SlotTable after = writer.last().next();
        assertThat(writer.last().installed()).isEqualTo(before);
        // 50 : 100 : 200 of 1024 slots: each member holds the floor or the ceiling of its share
        // (146.3, 292.6, 585.1); which one rounds up is the home layout's choice.
        assertThat(after.slotCounts().get(A)).isBetween(146, 147);
        assertThat(after.slotCounts().get(B)).isBetween(292, 293);
        assertThat(after.slotCounts().get(C)).isBetween(585, 586);
        assertThat(after.slotCounts().values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(1024);
        assertThat(report(A).agentWeight()).isEqualTo(50);
        assertThat(controller.report().get(0).lastSlotsMoved()).isEqualTo(SlotDiff.between(before, after).size());
    }

    @Test
    void drainReplyTakesTheMemberOutUntilReady() {
        controller.reconcile(false);
        SlotTable before = writer.last().next();

        members.get(B).onAgentReply("drain # patching");
        controller.reconcile(false);

        SlotTable after = writer.last().next();
        assertThat(after.slotCounts()).containsEntry(B, 0);
        assertThat(SlotDiff.between(before, after)).allMatch(c -> !B.equals(c.to()));
        assertThat(report(B).verdict()).isEqualTo("drain (agent)");
        // Still drained after "up": only "ready" lifts it.
        members.get(B).onAgentReply("up 100%");
        controller.reconcile(false);
        assertThat(writer.applies()).hasSize(2);
        members.get(B).onAgentReply("up ready 100%");
        controller.reconcile(false);
        assertThat(writer.last().next().digest()).isEqualTo(before.digest());
    }

    @Test
    void probeFallTakesTheMemberOutAndRiseBringsBackTheSameDigest() {
        controller.reconcile(false);
        String original = writer.last().next().digest();

        members.get(C).onProbe(ProbeResult.fail("connect refused"));
        members.get(C).onProbe(ProbeResult.fail("connect refused"));
        controller.reconcile(false);
        assertThat(writer.applies()).hasSize(1);
        members.get(C).onProbe(ProbeResult.fail("connect refused"));
        controller.reconcile(false);
        assertThat(writer.last().next().slotCounts()).containsEntry(C, 0).containsEntry(A, 512);
        assertThat(report(C).verdict()).isEqualTo("down (probe)");

        members.get(C).onProbe(ProbeResult.pass("HTTP 200"));
        controller.reconcile(false);
        assertThat(writer.applies()).hasSize(2);
        members.get(C).onProbe(ProbeResult.pass("HTTP 200"));
        controller.reconcile(false);
        assertThat(writer.last().next().digest()).isEqualTo(original);
    }

    @Test
    void failingAgentFreezesTheMemberWhereItWas() {
        members.get(A).onAgentReply("up 50%");
        controller.reconcile(false);
        String digest = writer.last().next().digest();

        members.get(A).onAgentFailure(AgentFailure.TIMEOUT, "no reply within the timeout");
        members.get(A).onAgentFailure(AgentFailure.CONNECT, "Connection refused");
        members.get(A).onAgentReply("blah");
        controller.reconcile(false);

        assertThat(writer.applies()).hasSize(1);
        assertThat(controller.report().get(0).digest()).isEqualTo(digest);
        assertThat(report(A).agent()).isEqualTo("up 50%");
        assertThat(registry.get("rxh_lbd_agent_polls").tag("outcome", "timeout").counter().count()).isEqualTo(1);
        assertThat(registry.get("rxh_lbd_agent_reply_errors").counter().count()).isEqualTo(1);
    }

    @Test
    void operatorDrainTakesTheMemberOutWhileItStaysUp() {
        controller.reconcile(false);

        assertThat(members.get(A).setOperatorDrain(true)).isTrue();
        controller.reconcile(false);

        assertThat(writer.last().next().slotCounts()).containsEntry(A, 0);
        assertThat(report(A).verdict()).isEqualTo("drain (operator)");
        assertThat(report(A).probe()).isEqualTo("UP");
        assertThat(members.get(A).setOperatorDrain(true)).isFalse();
    }

    @Test
    void writerFailureKeepsTheBeliefAndIsRetriedForcedNextCycle() {
        controller.reconcile(false);
        SlotTable installed = writer.last().next();
        writer.failNext(1);

        members.get(A).onAgentReply("down");
        assertThat(controller.reconcile(false)).isFalse();

        PoolReport failed = controller.report().get(0);
        assertThat(failed.digest()).isEqualTo(installed.digest());
        assertThat(failed.applyFailures()).isEqualTo(1);
        assertThat(failed.lastError()).contains("bundle failed");
        assertThat(report(A).slots()).isEqualTo(256);
        assertThat(report(A).deviation()).isEqualTo(256.0);

        assertThat(controller.reconcile(false)).isTrue();
        assertThat(writer.last().installed()).isEqualTo(installed);
        assertThat(writer.last().force()).isTrue();
        assertThat(controller.report().get(0).lastError()).isNull();
        assertThat(report(A).slots()).isZero();
        assertThat(registry.get("rxh_lbd_slot_table_applies").tag("result", "failed").counter().count()).isEqualTo(1);
    }

    @Test
    void everyMemberOutGivesAnEmptyTableCountedAsFailClose() {
        controller.reconcile(false);

        members.get(A).onAgentReply("down");
        members.get(B).onAgentReply("maint");
        members.get(C).setOperatorDrain(true);
        controller.reconcile(false);

        assertThat(writer.last().next().isEmpty()).isTrue();
        assertThat(controller.report().get(0).failClose()).isTrue();
        assertThat(registry.get("rxh_lbd_fail_close").counter().count()).isEqualTo(1);
        assertThat(report(A).targetShare()).isZero();
    }

    @Test
    void onlyLayoutChangesSignal() {
        int before = changes;
        members.get(A).onAgentReply("up 100%");
        members.get(A).onAgentReply("");
        members.get(A).onAgentFailure(AgentFailure.EMPTY, "closed without a reply");
        members.get(A).onProbe(ProbeResult.pass("HTTP 200"));
        assertThat(changes).isEqualTo(before);

        members.get(A).onAgentReply("up 75%");
        assertThat(changes).isEqualTo(before + 1);
    }

    private MemberReport report(String key) {
        return controller.report().get(0).members().stream().filter(m -> m.key().equals(key)).findFirst().orElseThrow();
    }
}
