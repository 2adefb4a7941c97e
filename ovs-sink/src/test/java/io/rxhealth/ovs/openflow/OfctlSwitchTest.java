package io.rxhealth.ovs.openflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.RecordingCommandRunner;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one ovs-ofctl command line: what each call runs, and how a failure reads. */
class OfctlSwitchTest {
    private static final String TARGET = "unix:/run/rxh/br-lb.mgmt";

    private final RecordingCommandRunner runner = new RecordingCommandRunner();
    private final OfctlSwitch ovs = new OfctlSwitch(TARGET, runner, "/opt/ovs/bin/ovs-ofctl", Duration.ofSeconds(3));

    @Test
    void sendsABundleOnStdinOfOneCallWithTheConfiguredBinaryAndTimeout() throws Exception {
        ovs.bundle(new Bundle(List.of("flow delete table=11", "flow add table=11,priority=0,actions=drop")));

        RecordingCommandRunner.Call call = runner.onlyCall();
        assertThat(call.command()).containsExactly("/opt/ovs/bin/ovs-ofctl", "--no-names", "-O", "OpenFlow14",
                "bundle", TARGET, "-");
        assertThat(call.stdin()).isEqualTo("flow delete table=11\nflow add table=11,priority=0,actions=drop\n");
        assertThat(call.timeout()).isEqualTo(Duration.ofSeconds(3));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # table | arguments after the target
        -1      | ''
        0       | table=0
        11      | table=11
        254     | table=254
        """)
    void dumpsOneTableOrAll(int table, String argument) throws Exception {
        runner.answer(new CommandResult(0, "OFPST_FLOW reply (OF1.4) (xid=0x2):\n", ""));

        String out = ovs.dumpFlows(table < 0 ? OptionalInt.empty() : OptionalInt.of(table));

        assertThat(out).isEqualTo("OFPST_FLOW reply (OF1.4) (xid=0x2):\n");
        List<String> expected = new ArrayList<>(List.of("/opt/ovs/bin/ovs-ofctl", "--no-names", "-O",
                "OpenFlow14", "dump-flows", TARGET));
        if (!argument.isEmpty()) {
            expected.add(argument);
        }
        assertThat(runner.onlyCall().command()).isEqualTo(expected);
        assertThat(runner.onlyCall().stdin()).isNull();
    }

    @ParameterizedTest
    @CsvSource({"-1", "255", "1000"})
    void refusesATableOpenFlowCannotName(int table) {
        assertThatThrownBy(() -> ovs.dumpFlows(OptionalInt.of(table)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("table: " + table + " (expected: 0..254)");
        assertThat(runner.calls()).isEmpty();
    }

    @Test
    void countsFlowsWithOneDumpAggregate() throws Exception {
        runner.answer(new CommandResult(0,
                "NXST_AGGREGATE reply (OF1.4) (xid=0x2): packet_count=7 byte_count=420 flow_count=57\n", ""));

        assertThat(ovs.flowCount("cookie=0x2a/-1")).isEqualTo(57);
        assertThat(runner.onlyCall().command()).containsExactly("/opt/ovs/bin/ovs-ofctl", "--no-names", "-O",
                "OpenFlow14", "dump-aggregate", TARGET, "cookie=0x2a/-1");
    }

    @Test
    void anAggregateWithoutACountIsRefused() {
        runner.answer(new CommandResult(0, "garbage\n", ""));

        OpenFlowException e = catchThrowableOfType(OpenFlowException.class, () -> ovs.flowCount("cookie=0x2a/-1"));

        assertThat(e).hasMessage("ovs-ofctl dump-aggregate " + TARGET + ": 'garbage' (expected: flow_count=N)");
        assertThat(e.failure()).isEqualTo(OpenFlowException.Failure.REFUSED);
    }

    @Test
    void aRefusalIsOneLineWithTheExitAndWhatOvsOfctlSaid() {
        runner.answer(new CommandResult(1, "", "ovs-ofctl: -:3: OFPT_ERROR:\nOFPBRC_BAD_TABLE_ID\n"));

        OpenFlowException e = catchThrowableOfType(OpenFlowException.class, () -> ovs.bundle(new Bundle(List.of())));

        assertThat(e).hasMessage("ovs-ofctl bundle " + TARGET + ": exit 1: ovs-ofctl: -:3: OFPT_ERROR: "
                + "OFPBRC_BAD_TABLE_ID (expected: exit 0)");
        assertThat(e.failure()).isEqualTo(OpenFlowException.Failure.REFUSED);
        assertThat(e.explained("; kept", "; unsure")).hasMessageEndingWith("(expected: exit 0); kept");
    }

    @Test
    void aTimeoutSaysSoAndIsExplainedAsUnsure() {
        runner.timeOut();

        OpenFlowException e = catchThrowableOfType(OpenFlowException.class, () -> ovs.bundle(new Bundle(List.of())));

        assertThat(e).hasMessage("ovs-ofctl bundle " + TARGET + ": no exit within PT3S (killed)");
        assertThat(e.timedOut()).isTrue();
        assertThat(e.explained("; kept", "; unsure")).hasMessageEndingWith("(killed); unsure");
    }

    @Test
    void aBinaryThatCannotStartIsNamedAndExplainsNothing() {
        OfctlSwitch missing = new OfctlSwitch(TARGET, (command, stdin, timeout) -> {
            throw new IOException("No such file or directory");
        });

        OpenFlowException e = catchThrowableOfType(OpenFlowException.class, () -> missing.dumpFlows(OptionalInt.empty()));

        assertThat(e).hasMessage("ovs-ofctl dump-flows " + TARGET + ": cannot run ovs-ofctl: No such file or directory");
        assertThat(e.failure()).isEqualTo(OpenFlowException.Failure.NOT_MADE);
        assertThat(e.explained("; kept", "; unsure")).isSameAs(e);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # target | timeout | message
        ''       | PT10S   | target: '' (expected: unix:PATH.mgmt or a bridge name)
        br-lb    | PT0S    | timeout: PT0S (expected: > 0)
        br-lb    | PT-1S   | timeout: PT-1S (expected: > 0)
        """)
    void refusesATargetOrTimeoutItCannotUse(String target, Duration timeout, String message) {
        assertThatThrownBy(() -> new OfctlSwitch(target, runner, OfctlSwitch.OFCTL, timeout))
                .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }
}
