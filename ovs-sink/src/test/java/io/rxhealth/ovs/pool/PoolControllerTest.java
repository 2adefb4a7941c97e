package io.rxhealth.ovs.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rxhealth.ovs.health.AgentFailure;
import io.rxhealth.ovs.health.ProbeResult;
import io.rxhealth.ovs.slots.MemberSpec;
import io.rxhealth.ovs.slots.ApplyResult;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.RecordingSlotTableWriter;
import io.rxhealth.ovs.slots.SlotTableWriter;
import io.rxhealth.weighting.maglev.SlotDiff;
import io.rxhealth.weighting.maglev.SlotTable;
import io.rxhealth.weighting.panic.PanicThreshold;
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

    private static final InstantSource CLOCK = InstantSource.fixed(Instant.parse("2026-11-30T12:00:00Z"));

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

    /** A writer whose read-back answers what {@code holds} says, after running {@code during}. */
    private static class ReadBackWriter implements SlotTableWriter {
        final RecordingSlotTableWriter applies = new RecordingSlotTableWriter();
        boolean holds = true;
        Runnable during = () -> { };

        @Override
        public ApplyResult apply(PoolSpec pool, SlotTable installed, SlotTable next, boolean force) throws Exception {
            return applies.apply(pool, installed, next, force);
        }

        @Override
        public boolean holds(PoolSpec pool, SlotTable installed) {
            during.run();
            return holds;
        }
    }

    private double drifts() {
        return registry.get("rxhealth_lbd_drift_repairs").counter().count();
    }

    @Test
    void aDriftedTableFoundByTheReadBackIsReappliedInFull() {
        ReadBackWriter readBack = new ReadBackWriter();
        PoolController c = new PoolController(List.of(pool), members, readBack, metrics, CLOCK);
        c.reconcile(false);

        readBack.holds = false;
        assertThat(c.verify()).isTrue();
        assertThat(drifts()).isEqualTo(1);
        // Marked, not applied: the apply is the apply thread's, after the read-back handed it over.
        assertThat(readBack.applies.applies()).hasSize(1);

        c.reconcile(false);
        assertThat(readBack.applies.applies()).hasSize(2);
        assertThat(readBack.applies.last().force()).isTrue();
        readBack.holds = true;
        assertThat(c.verify()).isFalse();
        assertThat(drifts()).isEqualTo(1);
    }

    @Test
    void aReadBackThatAnApplyOvertookIsDiscarded() {
        ReadBackWriter readBack = new ReadBackWriter();
        PoolController c = new PoolController(List.of(pool), members, readBack, metrics, CLOCK);
        c.reconcile(false);

        // While the table is being read, a change is applied: the read shows the table it replaced.
        readBack.holds = false;
        readBack.during = () -> {
            readBack.during = () -> { };
            members.get(A).onAgentReply("up 50%");
            assertThat(c.reconcile(false)).isTrue();
        };
        assertThat(c.verify()).isFalse();
        assertThat(drifts()).isZero();
        assertThat(readBack.applies.applies()).hasSize(2);
        assertThat(readBack.applies.last().force()).isFalse();
    }

    @Test
    void aReadBackThatFailsKeepsTheTableAndSaysWhy() {
        SlotTableWriter failing = new ReadBackWriter() {
            @Override
            public boolean holds(PoolSpec pool, SlotTable installed) {
                throw new IllegalStateException("ovs-ofctl dump-flows: no exit within PT10S (killed)");
            }
        };
        PoolController c = new PoolController(List.of(pool), members, failing, metrics, CLOCK);
        c.reconcile(false);

        assertThat(c.verify()).isFalse();
        assertThat(drifts()).isZero();
        assertThat(c.report().get(0).lastError()).contains("no exit within");
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
        assertThat(registry.get("rxhealth_lbd_agent_polls").tag("outcome", "timeout").counter().count()).isEqualTo(1);
        assertThat(registry.get("rxhealth_lbd_agent_reply_errors").counter().count()).isEqualTo(1);
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
        assertThat(registry.get("rxhealth_lbd_slot_table_applies").tag("result", "failed").counter().count()).isEqualTo(1);
    }

    @Test
    void everyMemberOutGivesAnEmptyTableCountedAsFailClose() {
        controller.reconcile(false);

        // A probe-down member stays out even in panic, so with the others taken out by operators
        // (maint by its agent's marker, drain here) nothing can take traffic: fail-close.
        probeDown(A);
        members.get(B).onAgentReply("maint");
        members.get(C).setOperatorDrain(true);
        controller.reconcile(false);

        assertThat(writer.last().next().isEmpty()).isTrue();
        assertThat(controller.report().get(0).failClose()).isTrue();
        assertThat(registry.get("rxhealth_lbd_fail_close").counter().count()).isEqualTo(1);
        assertThat(report(A).targetShare()).isZero();
    }

    @Test
    void withPanicDisabledEveryAgentDownEmptiesTheTable() {
        controller = controller(PanicThreshold.DISABLED);
        controller.reconcile(false);

        members.get(A).onAgentReply("down");
        members.get(B).onAgentReply("down");
        members.get(C).onAgentReply("stopped");
        controller.reconcile(false);

        assertThat(writer.last().next().isEmpty()).isTrue();
        PoolReport pool = controller.report().get(0);
        assertThat(pool.failClose()).isTrue();
        assertThat(pool.panic()).isFalse();
        assertThat(pool.healthyShare()).isEqualTo(0.0);
        assertThat(pool.panicThreshold()).isZero();
        assertThat(report(A).verdict()).isEqualTo("down (agent)");
    }

    @Test
    void everyAgentDownWithProbesUpIsPanicAndKeepsEveryMemberAtItsConfiguredWeight() {
        controller.reconcile(false);
        String healthy = writer.last().next().digest();

        members.get(A).onAgentReply("down # cpu crit");
        members.get(B).onAgentReply("down # cpu crit");
        members.get(C).onAgentReply("up 10%");
        controller.reconcile(false);

        // Every member back at its configured weight: the same table as when all were well, so no
        // connection moves, and nothing is applied.
        assertThat(writer.last().next().digest()).isEqualTo(healthy);
        assertThat(writer.applies()).hasSize(1);
        PoolReport pool = controller.report().get(0);
        assertThat(pool.panic()).isTrue();
        assertThat(pool.failClose()).isFalse();
        assertThat(pool.healthyShare()).isEqualTo(20.0 / 400);
        assertThat(pool.panicThreshold()).isEqualTo(50);
        assertThat(report(A).verdict()).isEqualTo("up (panic)");
        assertThat(report(A).agent()).isEqualTo("down");
        assertThat(report(A).effectiveWeight()).isEqualTo(100);
        assertThat(report(C).effectiveWeight()).isEqualTo(200);
        assertThat(report(C).agentWeight()).isEqualTo(20);
        assertThat(report(C).targetShare()).isEqualTo(0.5);
        assertThat(gauge("rxhealth_lbd_pool_panic")).isEqualTo(1.0);
        assertThat(gauge("rxhealth_lbd_pool_healthy_share")).isEqualTo(0.05);
    }

    @Test
    void panicSpreadsOverTheProbeUpMembersOnly() {
        controller.reconcile(false);

        probeDown(C);
        members.get(A).onAgentReply("up 10%");
        members.get(B).onAgentReply("down");
        controller.reconcile(false);

        // Healthy 10 of 400: panic. C's probe fails, so it stays out; A and B at 100 each.
        assertThat(writer.last().next().slotCounts()).containsEntry(A, 512).containsEntry(B, 512).containsEntry(C, 0);
        assertThat(report(C).verdict()).isEqualTo("down (probe)");
        assertThat(report(B).verdict()).isEqualTo("up (panic)");
        assertThat(controller.report().get(0).panic()).isTrue();
    }

    @Test
    void exactlyAtTheThresholdIsNoPanic() {
        controller.reconcile(false);

        probeDown(C);
        controller.reconcile(false);

        // 200 of 400 is exactly 50%: the table of the members left, A and B, as without panic.
        assertThat(writer.last().next().slotCounts()).containsEntry(A, 512).containsEntry(B, 512);
        assertThat(controller.report().get(0).panic()).isFalse();
        assertThat(controller.report().get(0).healthyShare()).isEqualTo(0.5);
        assertThat(gauge("rxhealth_lbd_pool_panic")).isZero();
    }

    @Test
    void operatorDrainedMembersCountNeitherWayAndStayOutInPanic() {
        controller.reconcile(false);

        members.get(C).setOperatorDrain(true);
        members.get(A).onAgentReply("down");
        controller.reconcile(false);
        // B's 100 of A's and B's 200 is 50%: no panic, A out.
        assertThat(writer.last().next().slotCounts()).containsEntry(A, 0).containsEntry(B, 1024);
        assertThat(controller.report().get(0).healthyShare()).isEqualTo(0.5);

        members.get(B).onAgentReply("up 50%");
        controller.reconcile(false);
        // 50 of 200: panic brings A back, the drained C stays out.
        assertThat(writer.last().next().slotCounts()).containsEntry(A, 512).containsEntry(B, 512).containsEntry(C, 0);
        assertThat(report(C).verdict()).isEqualTo("drain (operator)");
    }

    @Test
    void everyMemberDrainedIsNoPanicAndHasNoShare() {
        controller.reconcile(false);

        members.values().forEach(m -> m.setOperatorDrain(true));
        controller.reconcile(false);

        PoolReport pool = controller.report().get(0);
        assertThat(pool.failClose()).isTrue();
        assertThat(pool.panic()).isFalse();
        assertThat(pool.healthyShare()).isNull();
        assertThat(gauge("rxhealth_lbd_pool_healthy_share")).isNaN();
    }

    @Test
    void entersAndLeavesPanicWithOneLogLineEach() {
        try (CapturedLog log = new CapturedLog(PoolController.class)) {
            controller.reconcile(false);
            members.get(A).onAgentReply("down");
            members.get(B).onAgentReply("down");
            members.get(C).onAgentReply("down");
            controller.reconcile(false);
            controller.reconcile(true);
            controller.verify();
            controller.reconcile(false);
            members.get(C).onAgentReply("up 100%");
            controller.reconcile(false);
            controller.reconcile(false);

            assertThat(log.messages()).filteredOn(m -> m.contains("anic")).containsExactly(
                    "pool web: PANIC: healthy weight 0 of 400 (0.0%) is below the panic threshold 50%: every"
                            + " probe-up member (3) gets its configured weight, probe-down members stay out",
                    "pool web: panic over: healthy weight 200 of 400 (50.0%) is at or above the panic threshold"
                            + " 50%; members get their effective weights again");
            assertThat(gauge("rxhealth_lbd_pool_panic")).isZero();
        }
    }

    @Test
    void aReloadedControllerGoesOnInPanicWithoutLoggingItAgain() {
        controller.reconcile(false);
        members.values().forEach(m -> m.onAgentReply("down"));
        controller.reconcile(false);

        try (CapturedLog log = new CapturedLog(PoolController.class)) {
            PoolController next = controller(PanicThreshold.DEFAULT);
            next.adopt(controller);
            next.reconcile(false);

            assertThat(log.messages()).noneMatch(m -> m.contains("anic"));
            assertThat(next.report().get(0).panic()).isTrue();
        }
    }

    @Test
    void aTableTheDataPlaneHoldsAtStartIsTakenAsInstalledSoNothingIsWrittenWhenItIsTheOneToInstall() {
        controller.reconcile(false);
        SlotTable held = writer.last().next();
        PoolController restarted = new PoolController(List.of(pool), members, writer, metrics, CLOCK);
        int applies = writer.applies().size();

        restarted.adoptHeld(pool.id(), held);
        assertThat(restarted.reconcile(false)).isTrue();

        assertThat(writer.applies()).hasSize(applies);
        assertThat(restarted.report().get(0).digest()).isEqualTo(held.digest());
        assertThat(restarted.slotsHeld(pool.id(), C)).isEqualTo(512);
    }

    @Test
    void aTableTheDataPlaneHoldsAtStartIsTheBaseOfTheFirstApply() {
        controller.reconcile(false);
        SlotTable full = writer.last().next();
        probeDown(C);
        PoolController restarted = new PoolController(List.of(pool), members, writer, metrics, CLOCK);

        restarted.adoptHeld(pool.id(), full);
        restarted.reconcile(false);

        assertThat(writer.last().installed()).isEqualTo(full);
        assertThat(writer.last().force()).isFalse();
        assertThat(writer.last().next().slotCounts().getOrDefault(C, 0)).isZero();
        // Adopted once, at start: a pool with a table of its own ignores a later read.
        restarted.adoptHeld(pool.id(), full);
        assertThat(restarted.installed(pool.id())).isEqualTo(writer.last().next());
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

    private PoolController controller(PanicThreshold threshold) {
        return new PoolController(List.of(pool), Map.of(pool.name(), threshold), members, writer,
                new LbMetrics(new SimpleMeterRegistry()), CLOCK, PoolTables.LOCAL);
    }

    private void probeDown(String key) {
        for (int i = 0; i < 3; i++) {
            members.get(key).onProbe(ProbeResult.fail("connect refused"));
        }
    }

    private double gauge(String name) {
        return registry.get(name).tag("pool", "web").gauge().value();
    }

    private MemberReport report(String key) {
        return controller.report().get(0).members().stream().filter(m -> m.key().equals(key)).findFirst().orElseThrow();
    }
}
