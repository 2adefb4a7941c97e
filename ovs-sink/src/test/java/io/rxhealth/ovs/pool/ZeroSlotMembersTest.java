package io.rxhealth.ovs.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rxhealth.ovs.health.ProbeResult;
import io.rxhealth.ovs.slots.MemberSpec;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.RecordingSlotTableWriter;
import io.rxhealth.weighting.maglev.Maglev;
import java.time.Instant;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A member with a positive weight and no slot is said: once in the log per change, in the report,
 * in a gauge. Three slots for weights 1, 256, 256: the weight-1 member's share (0.006 slots) rounds
 * to nothing.
 */
class ZeroSlotMembersTest {
    private static final String A = "10.20.0.2:8080";
    private static final String B = "10.20.0.3:8080";
    private static final String C = "10.30.0.2:8080";
    private static final InstantSource CLOCK = InstantSource.fixed(Instant.parse("2026-11-30T12:00:00Z"));

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final LbMetrics metrics = new LbMetrics(registry);
    private final Map<String, MemberRuntime> members = new LinkedHashMap<>();
    private final PoolSpec pool = new PoolSpec(7, "web", "192.168.5.21", 80, 3, List.of(
            new MemberSpec(A, 1, "10.20.0.2", 8080, 1),
            new MemberSpec(B, 2, "10.20.0.3", 8080, 256),
            new MemberSpec(C, 3, "10.30.0.2", 8080, 256)));
    private PoolController controller;

    @BeforeEach
    void setUp() {
        for (MemberSpec m : pool.members()) {
            members.put(m.key(), new MemberRuntime(m.key(), MemberSnapshot.initial(1, 1, false), () -> { },
                    metrics, CLOCK));
        }
        controller = new PoolController(List.of(pool), members, new RecordingSlotTableWriter(), metrics, CLOCK);
        members.values().forEach(m -> m.onProbe(ProbeResult.pass("HTTP 200")));
    }

    @Test
    void aMemberWhoseShareRoundsToNothingIsLoggedOncePerChangeReportedAndCounted() {
        try (CapturedLog log = new CapturedLog(PoolController.class)) {
            controller.reconcile(false);
            controller.reconcile(true);
            controller.verify();
            controller.reconcile(false);

            assertThat(report(A).zeroSlots()).isTrue();
            assertThat(report(A).slots()).isZero();
            assertThat(report(B).zeroSlots()).isFalse();
            assertThat(gauge()).isEqualTo(1.0);

            members.get(B).setOperatorDrain(true);
            members.get(C).setOperatorDrain(true);
            controller.reconcile(false);
            controller.reconcile(false);

            assertThat(report(A).zeroSlots()).isFalse();
            assertThat(report(B).zeroSlots()).as("weight 0: out, not a zero-slot member").isFalse();
            assertThat(gauge()).isZero();
            assertThat(log.messages()).filteredOn(m -> m.contains("slot of") || m.contains("holds a slot"))
                    .containsExactly(
                            "pool web: 1 member(s) with a positive weight hold no slot of 3 (share below one slot): "
                                    + A,
                            "pool web: every member with a positive weight holds a slot again");
        }
    }

    @Test
    void theAppliedDigestLineAndTheReportNameTheLayoutVersion() {
        try (CapturedLog log = new CapturedLog(PoolController.class)) {
            controller.reconcile(false);

            assertThat(log.messages()).anyMatch(m -> m.startsWith("pool web: applied digest ")
                    && m.contains("(layout v" + Maglev.LAYOUT_VERSION + ", "));
        }
        assertThat(controller.report().get(0).layoutVersion()).isEqualTo(Maglev.LAYOUT_VERSION);
    }

    @Test
    void aReloadThatKeepsTheSetDoesNotLogItAgain() {
        controller.reconcile(false);
        PoolController next = new PoolController(List.of(pool), members, new RecordingSlotTableWriter(),
                new LbMetrics(new SimpleMeterRegistry()), CLOCK);
        next.adopt(controller);
        try (CapturedLog log = new CapturedLog(PoolController.class)) {
            next.reconcile(false);

            assertThat(log.messages()).noneMatch(m -> m.contains("hold no slot"));
        }
    }

    @Test
    void theConfigurationCheckFindsWhatTheHealthyPoolCannotPlace() {
        assertThat(ZeroSlotMembers.whenHealthy(pool)).containsExactly(A);
        assertThat(ZeroSlotMembers.whenHealthy(new PoolSpec(7, "web", "192.168.5.21", 80, 1024, pool.members())))
                .isEmpty();
    }

    private double gauge() {
        return registry.get("rxhealth_lbd_pool_zero_slot_members").tag("pool", "web").gauge().value();
    }

    private MemberReport report(String key) {
        return controller.report().get(0).members().stream().filter(m -> m.key().equals(key)).findFirst()
                .orElseThrow();
    }
}
