package io.rxhealth.ovs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.rxhealth.ovs.flow.OvsSandbox;
import io.rxhealth.ovs.flow.Table11Snapshot;
import io.rxhealth.ovs.pool.MemberReport;
import io.rxhealth.weighting.maglev.SlotChange;
import io.rxhealth.weighting.maglev.SlotDiff;
import io.rxhealth.weighting.maglev.SlotTable;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The daemon end to end against a real ovs-vswitchd (userspace datapath, a sandbox of its own):
 * fake agents and TCP liveness targets on 127.0.0.11-14, the real Open vSwitch writer, and every
 * assertion made on what {@code ovs-ofctl dump-flows table=11} shows.
 */
@ExtendWith(OvsSandbox.PerTestClass.class)
class LbNodeOvsIT {
    private static final int SLOTS = 1024;
    /** Configured weights of members 0..3: quotas 227.6, 227.6, 455.1 and 113.8 slots. */
    private static final List<Integer> WEIGHTS = List.of(100, 100, 200, 50);
    /** Time to notice a change (poll or probes), debounce it and apply it, with room for a busy machine. */
    private static final Duration CHANGE = Duration.ofSeconds(5);
    /** One reconcile interval (1 s) plus the read back, the full apply and a busy machine's delay. */
    private static final Duration ONE_INTERVAL = Duration.ofMillis(2500);

    private static final Pattern POOL_MATCH = Pattern.compile("reg3=(0x[0-9a-f]+|[0-9]+)");
    private static final Pattern SLOT_MATCH = Pattern.compile("reg1=(0x[0-9a-f]+|[0-9]+)");
    private static final Pattern DURATION = Pattern.compile("duration=([0-9.]+)s");

    private final OvsSandbox ovs;
    private LbNodeOnOvs lb;

    LbNodeOvsIT(OvsSandbox ovs) {
        this.ovs = ovs;
    }

    @BeforeEach
    void startDaemon() throws Exception {
        ovs.ofctl("del-flows", ovs.target(), "table=11");
        lb = LbNodeOnOvs.start(ovs, SLOTS, WEIGHTS, UnaryOperator.identity());
    }

    @AfterEach
    void stopDaemon() throws Exception {
        if (lb != null) {
            lb.close();
        }
    }

    @Test
    void startInstallsTheWeightedLayoutAndTheDropFlow() throws Exception {
        Table11Snapshot dump = lb.dump();

        assertThat(dump.flowCount()).isEqualTo(SLOTS + 1);
        assertThat(dump.failClose()).isPresent();
        assertThat(dump.unexpected()).isEmpty();
        assertThat(dump.pool(LbNodeOnOvs.POOL, SLOTS).problems()).isEmpty();
        assertSlotsFollowWeights(dump.pool(LbNodeOnOvs.POOL, SLOTS).table(), Map.of(0, 100, 1, 100, 2, 200, 3, 50));
        for (MemberReport m : lb.report().members()) {
            assertThat(lb.table().slotCounts()).containsEntry(m.key(), m.slots());
        }
    }

    @Test
    void agentWeightChangeRewritesOnlyTheSlotsThatMove() throws Exception {
        // Flows older than this cannot be mistaken for flows rewritten after the change below.
        await().atMost(CHANGE).until(() -> slotFlowAges().values().stream().allMatch(age -> age >= 0.3));
        SlotTable before = lb.table();
        long changedAt = System.nanoTime();

        lb.agent(0).reply("up 50%\n");

        // 50 of 400: exactly 128 slots.
        await().atMost(CHANGE).until(() -> slots(lb.table(), 0) == 128);
        Map<Integer, Double> ages = slotFlowAges();
        double sinceChange = (System.nanoTime() - changedAt) / 1e9;
        SlotTable after = lb.table();
        List<SlotChange> changed = SlotDiff.between(before, after);
        assertThat(changed).hasSize(before.slotCounts().get(lb.key(0)) - 128);
        assertThat(changed).allSatisfy(c -> assertThat(c.from()).isEqualTo(lb.key(0)));
        assertThat(lb.report().lastSlotsMoved()).isEqualTo(changed.size());
        // An incremental bundle: exactly the moved slots' flows are new (reset_counts restarts their age).
        List<Integer> rewritten = ages.entrySet().stream().filter(e -> e.getValue() <= sinceChange)
                .map(Map.Entry::getKey).sorted().toList();
        assertThat(rewritten).isEqualTo(changed.stream().map(SlotChange::slot).sorted().toList());
        assertSlotsFollowWeights(after, Map.of(0, 50, 1, 100, 2, 200, 3, 50));
        assertThat(lb.dump().flowCount()).isEqualTo(SLOTS + 1);
    }

    @Test
    void agentDrainEmptiesTheMemberAndNoOtherSlotChangesOwner() throws Exception {
        SlotTable before = lb.table();

        lb.agent(1).reply("drain # marker file present\n");

        await().atMost(CHANGE).until(() -> slots(lb.table(), 1) == 0);
        List<SlotChange> changed = SlotDiff.between(before, lb.table());
        assertThat(changed).hasSize(before.slotCounts().get(lb.key(1)));
        assertThat(changed).allSatisfy(c -> assertThat(c.from()).isEqualTo(lb.key(1)));
        assertThat(member(1).verdict()).isEqualTo("drain (agent)");
        assertSlotsFollowWeights(lb.table(), Map.of(0, 100, 2, 200, 3, 50));
    }

    @Test
    void everyAgentDownWithProbesUpIsPanicAndTable11HoldsEveryMemberAtItsConfiguredWeight() throws Exception {
        SlotTable start = lb.table();
        lb.agent(2).reply("up 50%\n");
        await().atMost(CHANGE).until(() -> !lb.table().equals(start));

        for (int i = 0; i < lb.members(); i++) {
            lb.agent(i).reply("down # cpu crit\n");
        }

        // Healthy weight 0 of 450, probes up: every member back at its configured weight, which
        // is the start table, in the switch.
        await().atMost(CHANGE).until(() -> lb.report().panic() && lb.table().equals(start));
        assertThat(lb.report().failClose()).isFalse();
        assertThat(lb.report().members()).allSatisfy(m -> assertThat(m.verdict()).isEqualTo("up (panic)"));
        Table11Snapshot dump = lb.dump();
        assertThat(dump.flowCount()).isEqualTo(SLOTS + 1);
        assertThat(dump.pool(LbNodeOnOvs.POOL, SLOTS).problems()).isEmpty();
    }

    @Test
    void everyMemberDownLeavesOnlyTheDropFlowAndRecoveryRestoresTheStartTable() throws Exception {
        SlotTable start = lb.table();
        String digest = lb.report().digest();
        double failCloses = lb.counter("rxhealth_lbd_fail_close");

        for (int i = 0; i < lb.members(); i++) {
            lb.target(i).stop();
        }

        await().atMost(CHANGE).until(() -> lb.dump().flowCount() == 1);
        assertThat(lb.dump().failClose()).isPresent();
        assertThat(lb.report().failClose()).isTrue();
        assertThat(lb.counter("rxhealth_lbd_fail_close")).isGreaterThan(failCloses);

        for (int i = 0; i < lb.members(); i++) {
            lb.target(i).resume();
        }

        await().atMost(CHANGE).until(() -> lb.table().equals(start) && digest.equals(lb.report().digest()));
        assertThat(lb.dump().flowCount()).isEqualTo(SLOTS + 1);
    }

    @Test
    void aRestartedDaemonComputesTheSameTableAndDigest() throws Exception {
        SlotTable before = lb.table();
        String digest = lb.report().digest();

        lb.restartNode();

        await().atMost(CHANGE).until(() -> digest.equals(lb.report().digest()));
        assertThat(lb.table()).isEqualTo(before);
    }

    @Test
    void deletedSlotFlowsAreRepairedWithinOneReconcileInterval() throws Exception {
        SlotTable start = lb.table();
        double repairs = lb.counter("rxhealth_lbd_drift_repairs");

        ovs.ofctl("del-flows", ovs.target(), "table=11");

        assertThat(lb.dump().flowCount()).isZero();
        await().atMost(ONE_INTERVAL).until(() -> lb.table().equals(start) && lb.dump().failClose().isPresent());
        assertThat(lb.counter("rxhealth_lbd_drift_repairs")).isGreaterThan(repairs);
        assertThat(lb.dump().flowCount()).isEqualTo(SLOTS + 1);
    }

    @Test
    void restartedSwitchGetsTheTableBackWithinOneReconcileInterval() throws Exception {
        SlotTable start = lb.table();
        long pid = ovs.vswitchdPid();
        double repairs = lb.counter("rxhealth_lbd_drift_repairs");

        ovs.restartVswitchd();

        assertThat(ovs.vswitchdPid()).isNotEqualTo(pid);
        await().atMost(ONE_INTERVAL).until(() -> lb.table().equals(start) && lb.dump().failClose().isPresent());
        assertThat(lb.counter("rxhealth_lbd_drift_repairs")).isGreaterThan(repairs);
        assertThat(lb.dump().flowCount()).isEqualTo(SLOTS + 1);
    }

    @Test
    void operatorDrainThroughTheApiTakesTheMemberOutWhileProbesGoOn() throws Exception {
        SlotTable start = lb.table();

        assertThat(lb.post("/drain?member=" + lb.key(2)).statusCode()).isEqualTo(200);

        await().atMost(CHANGE).until(() -> slots(lb.table(), 2) == 0);
        assertThat(SlotDiff.between(start, lb.table())).allSatisfy(c -> assertThat(c.from()).isEqualTo(lb.key(2)));
        int probes = lb.target(2).accepted();
        await().atMost(CHANGE).until(() -> lb.target(2).accepted() > probes + 2);
        assertThat(member(2).probe()).isEqualTo("UP");
        assertThat(member(2).verdict()).isEqualTo("drain (operator)");

        assertThat(lb.post("/enable?member=" + lb.key(2)).statusCode()).isEqualTo(200);
        await().atMost(CHANGE).until(() -> lb.table().equals(start));
    }

    /** Every member in {@code weights} (index to effective weight) holds the floor or ceiling of its quota. */
    private void assertSlotsFollowWeights(SlotTable table, Map<Integer, Integer> weights) {
        int total = weights.values().stream().mapToInt(Integer::intValue).sum();
        int owned = 0;
        for (int i = 0; i < lb.members(); i++) {
            int held = slots(table, i);
            owned += held;
            if (!weights.containsKey(i)) {
                assertThat(held).as("slots of %s (out)", lb.key(i)).isZero();
                continue;
            }
            double quota = (double) weights.get(i) * SLOTS / total;
            assertThat(held).as("slots of %s, quota %.2f", lb.key(i), quota)
                    .isBetween((int) Math.floor(quota), (int) Math.ceil(quota));
        }
        assertThat(owned).isEqualTo(SLOTS);
    }

    /** Age in seconds of each of the pool's slot flows, by slot, from a raw dump-flows. */
    private Map<Integer, Double> slotFlowAges() throws Exception {
        Map<Integer, Double> ages = new HashMap<>();
        for (String line : ovs.ofctl("dump-flows", ovs.target(), "table=11").split("\n")) {
            Matcher pool = POOL_MATCH.matcher(line);
            Matcher slot = SLOT_MATCH.matcher(line);
            Matcher age = DURATION.matcher(line);
            if (pool.find() && Integer.decode(pool.group(1)) == LbNodeOnOvs.POOL && slot.find() && age.find()) {
                ages.put(Integer.decode(slot.group(1)), Double.parseDouble(age.group(1)));
            }
        }
        return ages;
    }

    private int slots(SlotTable table, int member) {
        return table.slotCounts().getOrDefault(lb.key(member), 0);
    }

    private MemberReport member(int i) {
        return lb.report().members().stream().filter(m -> m.key().equals(lb.key(i))).findFirst().orElseThrow();
    }
}
