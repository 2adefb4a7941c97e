package io.rxhealth.ovs.flow;

import static io.rxhealth.ovs.flow.Pools.LEAVER;
import static io.rxhealth.ovs.flow.Pools.POOL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.rxhealth.ovs.Golden;
import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.openflow.OpenFlowException;
import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.RecordingCommandRunner;
import io.rxhealth.ovs.slots.ApplyMode;
import io.rxhealth.ovs.slots.ApplyResult;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.PoolSpecs;
import io.rxhealth.weighting.maglev.SlotDiff;
import io.rxhealth.weighting.maglev.SlotTable;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class BundleSlotWriterTest {
    private static final Golden GOLDEN = Golden.of(BundleSlotWriterTest.class);

    private static final int SLOTS = 16;
    private static final PoolSpec SPEC = PoolSpecs.of(POOL, SLOTS);
    private static final String TARGET = "unix:/run/rxh/br-lb.mgmt";
    private static final List<String> BUNDLE = List.of("ovs-ofctl", "--no-names", "-O", "OpenFlow14", "bundle",
            TARGET, "-");

    private final RecordingCommandRunner runner = new RecordingCommandRunner();
    private final AtomicLong nanos = new AtomicLong();

    private BundleSlotWriter writer() {
        return writer(MoveStyle.REPLACE, OfctlSwitch.DEFAULT_TIMEOUT);
    }

    private BundleSlotWriter writer(MoveStyle style, Duration timeout) {
        // Every reading of this ticker is 3 ms after the previous one: the call is timed as 3 ms.
        return new BundleSlotWriter(new OfctlSwitch(TARGET, runner, OfctlSwitch.OFCTL, timeout), style,
                () -> nanos.getAndAdd(3_000_000));
    }

    @Test
    void writesTheWholePoolInOneBundleWhenNothingIsKnownInstalled() throws Exception {
        ApplyResult result = writer().apply(SPEC, null, Pools.all(SLOTS), false);

        assertThat(runner.onlyCall().command()).isEqualTo(BUNDLE);
        GOLDEN.assertMatches("full-16-slots.bundle", runner.onlyCall().stdin());
        assertThat(result).isEqualTo(new ApplyResult(POOL, ApplyMode.FULL, SLOTS + 2, SLOTS,
                Duration.ofMillis(3), Pools.all(SLOTS).digest()));
    }

    @Test
    void writesOnlyTheLeavingMembersSlotsWhenTheInstalledTableIsKnown() throws Exception {
        SlotTable installed = Pools.all(SLOTS);
        SlotTable next = Pools.withoutLeaver(SLOTS);
        int moved = SlotDiff.between(installed, next).size();

        ApplyResult result = writer().apply(SPEC, installed, next, false);

        GOLDEN.assertMatches("member-leaves-replace.bundle", runner.onlyCall().stdin());
        assertThat(result.mode()).isEqualTo(ApplyMode.INCREMENTAL);
        assertThat(result.slotsChanged()).isEqualTo(moved).isGreaterThanOrEqualTo(installed.slotCounts().get(LEAVER));
        assertThat(result.flowMods()).isEqualTo(moved);
    }

    @Test
    void deleteAddStyleReportsTwoFlowModsPerMovedSlot() throws Exception {
        SlotTable installed = Pools.all(SLOTS);
        SlotTable next = Pools.withoutLeaver(SLOTS);

        ApplyResult result = writer(MoveStyle.DELETE_ADD, OfctlSwitch.DEFAULT_TIMEOUT)
                .apply(SPEC, installed, next, false);

        GOLDEN.assertMatches("member-leaves-delete-add.bundle", runner.onlyCall().stdin());
        assertThat(result.flowMods()).isEqualTo(2 * result.slotsChanged());
    }

    @Test
    void forcedApplyReplacesTheWholePoolEvenWhenNothingChanged() throws Exception {
        SlotTable table = Pools.all(SLOTS);

        ApplyResult result = writer().apply(SPEC, table, table, true);

        GOLDEN.assertMatches("full-16-slots.bundle", runner.onlyCall().stdin());
        assertThat(result.mode()).isEqualTo(ApplyMode.FULL);
        assertThat(result.slotsChanged()).isZero();
    }

    @Test
    void runsNothingWhenTheTableIsAlreadyInstalled() throws Exception {
        ApplyResult result = writer().apply(SPEC, Pools.all(SLOTS), Pools.all(SLOTS), false);

        assertThat(runner.calls()).isEmpty();
        assertThat(result.mode()).isEqualTo(ApplyMode.UNCHANGED);
        assertThat(result.flowMods()).isZero();
    }

    @Test
    void aPoolWithoutOwnersIsFailClosedLeavingOnlyTheDropFlow() throws Exception {
        ApplyResult result = writer().apply(SPEC, Pools.all(SLOTS), Pools.empty(SLOTS), false);

        GOLDEN.assertMatches("fail-close.bundle", runner.onlyCall().stdin());
        assertThat(result.mode()).isEqualTo(ApplyMode.FAIL_CLOSE);
        assertThat(result.slotsChanged()).isEqualTo(SLOTS);
        assertThat(result.flowMods()).isEqualTo(2);
    }

    @Test
    void aTableOfAnotherSizeIsReplacedInFull() throws Exception {
        ApplyResult result = writer().apply(SPEC, Pools.all(8), Pools.all(SLOTS), false);

        assertThat(result.mode()).isEqualTo(ApplyMode.FULL);
        assertThat(result.flowMods()).isEqualTo(SLOTS + 2);
    }

    @Test
    void aRejectedBundleThrowsAndLeavesTheBeliefToTheCaller() {
        runner.answer(new CommandResult(1, "", "ovs-ofctl: -:3: OFPT_ERROR: OFPBRC_BAD_TABLE_ID\n"));
        SlotTable installed = Pools.all(SLOTS);

        OpenFlowException e = catchThrowableOfType(OpenFlowException.class,
                () -> writer().apply(SPEC, installed, Pools.withoutLeaver(SLOTS), false));

        assertThat(e).hasMessage("ovs-ofctl bundle " + TARGET + ": exit 1: ovs-ofctl: -:3: OFPT_ERROR: "
                + "OFPBRC_BAD_TABLE_ID (expected: exit 0); the switch kept its previous table");
        assertThat(e.timedOut()).isFalse();
        assertThat(installed).isEqualTo(Pools.all(SLOTS));
    }

    @Test
    void aBundleThatTimesOutThrowsAndSaysToReadBack() {
        runner.timeOut();

        OpenFlowException e = catchThrowableOfType(OpenFlowException.class,
                () -> writer(MoveStyle.REPLACE, Duration.ofMillis(750)).apply(SPEC, null, Pools.all(SLOTS), false));

        assertThat(e.timedOut()).isTrue();
        assertThat(e).hasMessageContaining("no exit within PT0.75S").hasMessageContaining("read back");
        assertThat(runner.onlyCall().timeout()).isEqualTo(Duration.ofMillis(750));
    }

    @Test
    void readsTable11WithOneDumpFlowsWithoutNames() throws Exception {
        runner.answer(new CommandResult(0, GOLDEN.read("dump-flows-16-slots.txt"), ""));

        Table11Snapshot snapshot = writer().read();

        assertThat(runner.onlyCall().command()).containsExactly("ovs-ofctl", "--no-names", "-O", "OpenFlow14",
                "dump-flows", TARGET, "table=11");
        assertThat(runner.onlyCall().stdin()).isNull();
        assertThat(snapshot.holds(POOL, Pools.all(SLOTS))).isTrue();
    }

    /** The answers of ovs-ofctl to one read-back of the 16-slot pool: drop flow, one read per member, table 11's count. */
    private void answerReadBack(long table11Count) {
        String dump = GOLDEN.read("dump-flows-16-slots.txt");
        runner.answer(new CommandResult(0, lines(dump, "cookie=0x0,"), ""));
        for (String cookie : List.of("0x70a1400021f90", "0x70a1400031f90", "0x70a1e00021f90", "0x70a1e00031f90")) {
            runner.answer(new CommandResult(0, lines(dump, "cookie=" + cookie + ","), ""));
        }
        runner.answer(aggregate(table11Count));
    }

    private static CommandResult aggregate(long flows) {
        return new CommandResult(0, "OFPST_AGGREGATE reply (OF1.4) (xid=0x2): packet_count=0 byte_count=0 flow_count="
                + flows + "\n", "");
    }

    private static String lines(String dump, String containing) {
        return dump.lines().filter(l -> l.contains(containing)).map(l -> l + "\n").reduce("", String::concat);
    }

    @Test
    void readsBackEachMemberByItsCookieAndCountsThePoolOnlyWhenTable11sCountMoved() throws Exception {
        BundleSlotWriter writer = writer();
        answerReadBack(SLOTS + 1);
        runner.answer(aggregate(SLOTS));

        assertThat(writer.holds(SPEC, Pools.all(SLOTS))).isTrue();
        assertThat(runner.calls().stream().map(c -> String.join(" ", c.command().subList(4, c.command().size()))))
                .containsExactly("dump-flows " + TARGET + " table=11,cookie=0x0/0xffffffffffffffff",
                        "dump-flows " + TARGET + " table=11,reg3=7,cookie=0x70a1400021f90/0xffffffffffffffff",
                        "dump-flows " + TARGET + " table=11,reg3=7,cookie=0x70a1400031f90/0xffffffffffffffff",
                        "dump-flows " + TARGET + " table=11,reg3=7,cookie=0x70a1e00021f90/0xffffffffffffffff",
                        "dump-flows " + TARGET + " table=11,reg3=7,cookie=0x70a1e00031f90/0xffffffffffffffff",
                        "dump-aggregate " + TARGET + " table=11",
                        "dump-aggregate " + TARGET + " table=11,reg3=7");

        // Table 11's count as before: the pool's count is not asked again.
        runner.calls().clear();
        answerReadBack(SLOTS + 1);
        assertThat(writer.holds(SPEC, Pools.all(SLOTS))).isTrue();
        assertThat(runner.calls()).hasSize(6);

        // One flow more in table 11, and it is the pool's (a cookie no member has): drift.
        runner.calls().clear();
        answerReadBack(SLOTS + 2);
        runner.answer(aggregate(SLOTS + 1));
        assertThat(writer.holds(SPEC, Pools.all(SLOTS))).isFalse();
        assertThat(runner.calls()).hasSize(7);
    }

    @Test
    void aFailedReadThrows() {
        runner.answer(new CommandResult(1, "", "ovs-ofctl: unix:/run/rxh/br-lb.mgmt: failed to connect to socket "
                + "(No such file or directory)\n"));

        OpenFlowException e = catchThrowableOfType(OpenFlowException.class,
                () -> writer().read());

        assertThat(e).hasMessage("ovs-ofctl dump-flows " + TARGET + ": exit 1: ovs-ofctl: unix:/run/rxh/br-lb.mgmt: "
                + "failed to connect to socket (No such file or directory) (expected: exit 0)");
    }
}
