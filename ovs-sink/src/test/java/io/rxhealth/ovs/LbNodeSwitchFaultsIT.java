package io.rxhealth.ovs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rxhealth.ovs.flow.OvsSandbox;
import io.rxhealth.ovs.pool.MemberReport;
import io.rxhealth.ovs.slots.ApplyResult;
import io.rxhealth.ovs.slots.MemberTraffic;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.SlotTableWriter;
import io.rxhealth.weighting.maglev.SlotTable;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Faults of the LB node's own switch, on a real ovs-vswitchd (userspace datapath): hung
 * (SIGSTOP) while an apply runs, and killed in the middle of a bundle. The members' probes and
 * agent polls do not cross this switch here, so what is tested is the apply path alone: it
 * times out instead of hanging, the daemon goes on polling, and the change lands once the switch
 * is back, as a whole table.
 */
@ExtendWith(OvsSandbox.PerTestClass.class)
class LbNodeSwitchFaultsIT {
    /** Configured weights of members 0..3 (sum 450); member 0 then asks for 50 % (sum 400). */
    private static final List<Integer> WEIGHTS = List.of(100, 100, 200, 50);
    /** The writer's deadline (10 s) plus a retry and a busy machine. */
    private static final Duration AFTER_TIMEOUT = Duration.ofSeconds(25);
    private static final Duration CHANGE = Duration.ofSeconds(10);

    private final OvsSandbox ovs;
    private LbNodeOnOvs lb;

    LbNodeSwitchFaultsIT(OvsSandbox ovs) {
        this.ovs = ovs;
    }

    @AfterEach
    void stop() throws Exception {
        try {
            ovs.signalVswitchd("CONT"); // whatever a failed test left behind
        } catch (RuntimeException e) {
            // Not running (a kill test that failed before the restart): the sandbox goes anyway.
        }
        if (lb != null) {
            lb.close();
        }
    }

    @Test
    void aHungSwitchTimesTheApplyOutWhilePollsGoOnAndTheChangeLandsAfterItResumes() throws Exception {
        ovs.ofctl("del-flows", ovs.target(), "table=11");
        lb = LbNodeOnOvs.start(ovs, 1024, WEIGHTS, UnaryOperator.identity());
        await().atMost(CHANGE).until(() -> owned(lb.table()) == 1024);
        assertSlotsFollowWeights(lb.table(), 1024, Map.of(0, 100, 1, 100, 2, 200, 3, 50));
        double failed = lb.counter("rxhealth_lbd_slot_table_applies", "result", "failed");

        ovs.signalVswitchd("STOP");
        try {
            lb.agent(0).reply("up 50%\n");
            // The daemon sees the change at once, and its report answers while the apply hangs on
            // the switch (the state lock is not held across the writer call); the switch cannot take it.
            await().atMost(CHANGE).until(() -> member(0).effectiveWeight() == 50);
            int polls = lb.agent(0).connections();
            await().atMost(AFTER_TIMEOUT)
                    .until(() -> lb.counter("rxhealth_lbd_slot_table_applies", "result", "failed") > failed);
            // Polls go on while the switch hangs (an apply fails at the writer's deadline, or at once
            // when the hung switch's socket backlog is full, and is retried).
            await().atMost(CHANGE).until(() -> lb.agent(0).connections() > polls + 3);
        } finally {
            ovs.signalVswitchd("CONT");
        }

        // 50 of 400: exactly 128 slots, the rest as weighted.
        await().atMost(AFTER_TIMEOUT).until(() -> slots(lb.table(), 0) == 128);
        assertSlotsFollowWeights(lb.table(), 1024, Map.of(0, 50, 1, 100, 2, 200, 3, 50));
        assertThat(lb.dump().flowCount()).isEqualTo(1024 + 1);
    }

    @Test
    void aSwitchKilledInTheMiddleOfABundleGetsTheWholeNewTableWhenItComesBack() throws Exception {
        int slots = 65536;
        AtomicBoolean armed = new AtomicBoolean();
        AtomicReference<Throwable> killerFailed = new AtomicReference<>();
        AtomicBoolean killed = new AtomicBoolean();
        ovs.ofctl("del-flows", ovs.target(), "table=11");
        lb = LbNodeOnOvs.start(ovs, slots, WEIGHTS, writer -> new KillMidBundle(writer, armed, killed, killerFailed));
        await().atMost(CHANGE).until(() -> owned(lb.table()) == slots);
        assertSlotsFollowWeights(lb.table(), slots, Map.of(0, 100, 1, 100, 2, 200, 3, 50));
        double failed = lb.counter("rxhealth_lbd_slot_table_applies", "result", "failed");

        armed.set(true);
        lb.agent(0).reply("up 50%\n");
        await().atMost(CHANGE).until(killed::get);
        assertThat(killerFailed.get()).isNull();
        await().atMost(CHANGE).until(() -> lb.counter("rxhealth_lbd_slot_table_applies", "result", "failed") > failed);

        ovs.restartVswitchd();

        // 50 of 400 at 65536 slots: exactly 8192. Never a mix of old and new: every member within
        // its quota's floor and ceiling of the new weights, and every slot owned.
        await().atMost(AFTER_TIMEOUT).until(() -> {
            SlotTable t = lb.table();
            return slots(t, 0) == 8192 && owned(t) == slots;
        });
        assertSlotsFollowWeights(lb.table(), slots, Map.of(0, 50, 1, 100, 2, 200, 3, 50));
        assertThat(lb.dump().flowCount()).isEqualTo(slots + 1);
    }

    /**
     * Passes every apply on; once armed, kills ovs-vswitchd 20 ms into the apply, while the bundle
     * is being sent over the daemon's OpenFlow connection (this change, 8,192 slot flow mods,
     * takes ~100 ms; the test checks the apply failed).
     */
    private final class KillMidBundle implements SlotTableWriter {
        private final SlotTableWriter delegate;
        private final AtomicBoolean armed;
        private final AtomicBoolean killed;
        private final AtomicReference<Throwable> failed;

        KillMidBundle(SlotTableWriter delegate, AtomicBoolean armed, AtomicBoolean killed,
                      AtomicReference<Throwable> failed) {
            this.delegate = delegate;
            this.armed = armed;
            this.killed = killed;
            this.failed = failed;
        }

        @Override
        public ApplyResult apply(PoolSpec pool, SlotTable installed, SlotTable next, boolean force) throws Exception {
            if (armed.compareAndSet(true, false)) {
                Thread killer = new Thread(this::killWhenTheBundleRuns, "rxh-test-killer");
                killer.setDaemon(true);
                killer.start();
            }
            return delegate.apply(pool, installed, next, force);
        }

        private void killWhenTheBundleRuns() {
            try {
                Thread.sleep(20);
                ovs.signalVswitchd("KILL");
                killed.set(true);
            } catch (Exception | Error e) {
                failed.set(e);
                killed.set(true);
            }
        }

        @Override
        public boolean holds(PoolSpec pool, SlotTable installed) throws Exception {
            return delegate.holds(pool, installed);
        }

        @Override
        public Map<String, MemberTraffic> traffic(PoolSpec pool) throws Exception {
            return delegate.traffic(pool);
        }
    }

    private MemberReport member(int i) {
        return lb.report().members().stream().filter(m -> m.key().equals(lb.key(i))).findFirst().orElseThrow();
    }

    private int slots(SlotTable table, int member) {
        return table.slotCounts().getOrDefault(lb.key(member), 0);
    }

    private static int owned(SlotTable table) {
        return table.slotCounts().values().stream().mapToInt(Integer::intValue).sum();
    }

    private void assertSlotsFollowWeights(SlotTable table, int slots, Map<Integer, Integer> weights) {
        int total = weights.values().stream().mapToInt(Integer::intValue).sum();
        for (Map.Entry<Integer, Integer> e : weights.entrySet()) {
            double quota = (double) e.getValue() * slots / total;
            assertThat(slots(table, e.getKey())).as("slots of %s, quota %.2f", lb.key(e.getKey()), quota)
                    .isBetween((int) Math.floor(quota), (int) Math.ceil(quota));
        }
        assertThat(owned(table)).isEqualTo(slots);
    }
}
