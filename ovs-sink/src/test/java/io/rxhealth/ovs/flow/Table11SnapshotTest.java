package io.rxhealth.ovs.flow;

import static io.rxhealth.ovs.flow.Pools.LEAVER;
import static io.rxhealth.ovs.flow.Pools.POOL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.rxhealth.ovs.Golden;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Against dump-flows output captured from OVS 3.1 after applying the golden bundles. */
class Table11SnapshotTest {
    private static final Golden GOLDEN = Golden.of(Table11SnapshotTest.class);

    private static final int SLOTS = 16;
    private static final String HEADER = "OFPST_FLOW reply (OF1.4) (xid=0x2):\n";
    private static final String FULL = GOLDEN.read("dump-flows-16-slots.txt");
    private static final String AFTER_LEAVE = GOLDEN.read("dump-flows-after-leave.txt");
    private static final String DROP_LINE =
            " cookie=0x0, duration=0.296s, table=11, n_packets=1, n_bytes=42, priority=0 actions=drop\n";

    @Test
    void readsTheSlotOwnersBackFromACapturedDump() {
        Table11Snapshot snapshot = Table11Snapshot.parse(FULL);
        PoolReadback pool = snapshot.pool(POOL, SLOTS);

        assertThat(pool.table()).isEqualTo(Pools.all(SLOTS));
        assertThat(pool.problems()).isEmpty();
        assertThat(snapshot.holds(POOL, Pools.all(SLOTS))).isTrue();
        assertThat(snapshot.flowCount()).isEqualTo(SLOTS + 1);
        assertThat(snapshot.unexpected()).isEmpty();
    }

    @Test
    void sumsPacketCountersPerMemberCookieAndCountsFailCloseDrops() {
        Table11Snapshot snapshot = Table11Snapshot.parse(FULL);

        assertThat(snapshot.pool(POOL, SLOTS).counters()).containsOnly(
                entry("10.20.0.2:8080", new FlowCounters(2, 84)),
                entry("10.20.0.3:8080", new FlowCounters(5, 210)),
                entry("10.30.0.2:8080", new FlowCounters(2, 84)),
                entry("10.30.0.3:8080", new FlowCounters(1, 42)));
        assertThat(snapshot.failClose()).contains(new FlowCounters(1, 42));
    }

    @Test
    void readsSlotsReplacedWithResetCountsAsTheNewOwners() {
        Table11Snapshot snapshot = Table11Snapshot.parse(AFTER_LEAVE);
        PoolReadback pool = snapshot.pool(POOL, SLOTS);

        assertThat(snapshot.holds(POOL, Pools.withoutLeaver(SLOTS))).isTrue();
        assertThat(snapshot.holds(POOL, Pools.all(SLOTS))).isFalse();
        assertThat(pool.counters()).doesNotContainKey(LEAVER);
        assertThat(pool.counters(LEAVER)).isEqualTo(FlowCounters.ZERO);
        assertThat(pool.counters("10.30.0.2:8080")).isEqualTo(new FlowCounters(1, 42));
    }

    @Test
    void anEmptiedTableIsDriftAndHasNoFailCloseFlow() {
        Table11Snapshot snapshot = Table11Snapshot.parse(HEADER);

        assertThat(snapshot.holds(POOL, Pools.all(SLOTS))).isFalse();
        assertThat(snapshot.failClose()).isEmpty();
        assertThat(snapshot.pool(POOL, SLOTS).table().isEmpty()).isTrue();
        assertThat(snapshot.pool(POOL, SLOTS).matches(Pools.empty(SLOTS))).isTrue();
    }

    @Test
    void aMissingSlotFlowIsDrift() {
        String oneGone = FULL.replaceFirst("(?m)^.*reg1=0x5,reg3=0x7.*\n", "");
        Table11Snapshot snapshot = Table11Snapshot.parse(oneGone);

        assertThat(snapshot.pool(POOL, SLOTS).table().owner(5)).isNull();
        assertThat(snapshot.holds(POOL, Pools.all(SLOTS))).isFalse();
    }

    @Test
    void aMissingDropFlowIsDriftEvenWhenTheSlotsAreRight() {
        Table11Snapshot snapshot = Table11Snapshot.parse(FULL.replace(DROP_LINE, ""));

        assertThat(snapshot.pool(POOL, SLOTS).matches(Pools.all(SLOTS))).isTrue();
        assertThat(snapshot.holds(POOL, Pools.all(SLOTS))).isFalse();
    }

    @Test
    void aCookieNamingAnotherMemberIsAProblem() {
        // What a strict modify would leave behind: new actions, the old member's cookie.
        String stale = FULL.replaceFirst("cookie=0x70a1e00021f90(, duration=0.296s, table=11, n_packets=1, n_bytes=42,"
                + " priority=100,reg1=0x1,)", "cookie=0x70a1400031f90$1");
        PoolReadback pool = Table11Snapshot.parse(stale).pool(POOL, SLOTS);

        assertThat(pool.table()).isEqualTo(Pools.all(SLOTS));
        assertThat(pool.problems()).containsExactly(
                "slot 1: cookie 0x00070a1400031f90 (expected: 0x00070a1e00021f90 for 10.30.0.2:8080)");
        assertThat(pool.matches(Pools.all(SLOTS))).isFalse();
    }

    @Test
    void aForeignFlowOfThePoolIsAProblemOnlyForThatPool() {
        String foreign = FULL + " cookie=0x0, duration=1.5s, table=11, n_packets=0, n_bytes=0, priority=50,reg3=0x7"
                + " actions=drop\n";
        Table11Snapshot snapshot = Table11Snapshot.parse(foreign);

        assertThat(snapshot.pool(POOL, SLOTS).problems()).singleElement().asString().startsWith("unexpected flow: ");
        assertThat(snapshot.pool(8, SLOTS).problems()).isEmpty();
        assertThat(snapshot.pool(8, SLOTS).table().isEmpty()).isTrue();
        assertThat(snapshot.unexpected()).hasSize(1);
    }

    @Test
    void slotFlowsBeyondTheTableAreProblems() {
        PoolReadback pool = Table11Snapshot.parse(FULL).pool(POOL, 8);

        assertThat(pool.problems()).hasSize(8).first().asString()
                .isEqualTo("slot 8 beyond the table's 8 slots: 10.20.0.3:8080");
    }

    @Test
    void readsTheLoadFormOfRegisterActions() {
        String line = " cookie=0x70a1400021f90, duration=2.1s, table=11, n_packets=7, n_bytes=294, idle_age=3,"
                + " priority=100,reg1=0,reg3=0x7 actions=load:0xa140002->NXM_NX_REG2[],load:0x1f90->NXM_NX_REG4[],"
                + "goto_table:12\n";
        PoolReadback pool = Table11Snapshot.parse(HEADER + line).pool(POOL, SLOTS);

        assertThat(pool.table().owner(0)).isEqualTo("10.20.0.2:8080");
        assertThat(pool.counters()).isEqualTo(Map.of("10.20.0.2:8080", new FlowCounters(7, 294)));
    }

    @Test
    void flowsWithExtraMatchFieldsOrTimeoutsAreNotSlotFlows() {
        String extra = " cookie=0x70a1400021f90, duration=2.1s, table=11, n_packets=0, n_bytes=0, priority=100,tcp,"
                + "reg1=0,reg3=0x7 actions=set_field:0xa140002->reg2,set_field:0x1f90->reg4,goto_table:12\n"
                + " cookie=0x70a1400021f90, duration=2.1s, table=11, n_packets=0, n_bytes=0, hard_timeout=30,"
                + " priority=100,reg1=0x1,reg3=0x7 actions=set_field:0xa140002->reg2,set_field:0x1f90->reg4,"
                + "goto_table:12\n";
        PoolReadback pool = Table11Snapshot.parse(HEADER + extra).pool(POOL, SLOTS);

        assertThat(pool.table().isEmpty()).isTrue();
        assertThat(pool.problems()).hasSize(2);
    }

    @Test
    void rejectsALineWithoutActions() {
        assertThatThrownBy(() -> Table11Snapshot.parse(HEADER + " cookie=0x0, table=11, priority=0\n"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("(expected: ... actions=...)");
    }
}
