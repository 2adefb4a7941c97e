package io.rxhealth.ovs.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rxhealth.ovs.health.ProbeResult;
import io.rxhealth.weighting.RiseFallState;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A member whose probes cross the node's own switch: its outage is not the member's. */
class MemberRuntimeSwitchTest {
    private static final ProbeResult FAILED = ProbeResult.fail("timeout: no connection within the timeout");
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final AtomicBoolean switchDown = new AtomicBoolean();
    private final AtomicInteger changes = new AtomicInteger();
    private final MemberRuntime member = new MemberRuntime("10.0.0.1:80", MemberSnapshot.initial(2, 3, false),
            changes::incrementAndGet, new LbMetrics(registry), InstantSource.fixed(Instant.EPOCH),
            openedAt -> switchDown.get());

    @Test
    void failuresWhileTheSwitchIsDownLeaveTheMemberAsItWas() {
        member.onProbe(ProbeResult.pass("HTTP 200"), 0);
        switchDown.set(true);
        for (int i = 0; i < 10; i++) {
            member.onProbe(FAILED, i);
        }

        assertThat(member.snapshot().probe().state()).isEqualTo(RiseFallState.UP);
        assertThat(member.snapshot().probe().streak()).isZero();
        assertThat(member.snapshot().probeDetail()).isEqualTo("frozen, the switch was down: " + FAILED.detail());
        assertThat(registry.get("rxhealth_lbd_probes_frozen").counter().count()).isEqualTo(10);
        assertThat(changes).hasValue(1); // the first result only
    }

    @Test
    void aPassWhileTheSwitchIsDownCountsAsUsual() {
        member.onProbe(FAILED, 0);
        assertThat(member.snapshot().probe().state()).isEqualTo(RiseFallState.DOWN);
        switchDown.set(true);
        member.onProbe(ProbeResult.pass("HTTP 200"), 1);
        member.onProbe(ProbeResult.pass("HTTP 200"), 2);

        assertThat(member.snapshot().probe().state()).isEqualTo(RiseFallState.UP);
    }

    @Test
    void failuresCountedBeforeTheOutageWasFoundAreTakenBack() {
        member.onProbe(ProbeResult.pass("HTTP 200"), 0);
        member.switchHeld();
        for (int i = 0; i < 3; i++) {
            member.onProbe(FAILED, i); // the switch died meanwhile; nobody knows yet
        }
        assertThat(member.snapshot().probe().state()).isEqualTo(RiseFallState.DOWN);
        int before = changes.get();

        member.switchLost();

        assertThat(member.snapshot().probe().state()).isEqualTo(RiseFallState.UP);
        assertThat(member.snapshot().probe().streak()).isZero();
        assertThat(changes.get()).isEqualTo(before + 1);
    }

    @Test
    void aMemberThatDiesAfterTheReturnGoesDownByItsOwnFailures() {
        member.onProbe(ProbeResult.pass("HTTP 200"), 0);
        switchDown.set(true);
        member.onProbe(FAILED, 1);
        switchDown.set(false); // back: failures count again
        member.onProbe(FAILED, 2);
        member.onProbe(FAILED, 3);
        assertThat(member.snapshot().probe().label()).isEqualTo("UP 2/3");
        member.onProbe(FAILED, 4);

        assertThat(member.snapshot().probe().state()).isEqualTo(RiseFallState.DOWN);
    }

    @Test
    void aSwitchLostBeforeItEverHeldTakesNothingBack() {
        member.onProbe(FAILED, 0);

        member.switchLost();

        assertThat(member.snapshot().probe().state()).isEqualTo(RiseFallState.DOWN);
    }

    @Test
    void aLostSwitchWithNothingCountedChangesNothing() {
        member.onProbe(ProbeResult.pass("HTTP 200"), 0);
        member.switchHeld();
        int before = changes.get();

        member.switchLost();

        assertThat(member.snapshot().probe().state()).isEqualTo(RiseFallState.UP);
        assertThat(changes.get()).isEqualTo(before);
    }
}
