package io.rxhealth.ovs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.rxhealth.ovs.config.ConfigLoader;
import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.ovs.flow.BundleSlotWriter;
import io.rxhealth.ovs.flow.MoveStyle;
import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.openflow.OpenFlowException;
import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.ovs.slots.ApplyResult;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.SlotTableWriter;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SlotTableWritersTest {
    private final LbConfig config = new ConfigLoader().example();

    @Test
    void dryRunWritesNothingAndCountsTheSlotsItWouldChange() throws Exception {
        SlotTableWriter writer = SlotTableWriters.forConfig(config, true, Ticker.system());
        PoolSpec pool = config.pools().get(0).spec();
        SlotTable two = Maglev.layout("1", List.of(new Member("a:1", 1), new Member("b:1", 1)), 1024);
        SlotTable one = Maglev.layout("1", List.of(new Member("a:1", 1), new Member("b:1", 0)), 1024);

        assertThat(writer.apply(pool, null, two, false)).extracting(ApplyResult::flowMods, ApplyResult::fullReplace)
                .containsExactly(1024, true);
        assertThat(writer.apply(pool, two, one, false)).extracting(ApplyResult::flowMods, ApplyResult::fullReplace)
                .containsExactly(512, false);
        assertThat(writer.apply(pool, two, one, true)).extracting(ApplyResult::flowMods, ApplyResult::fullReplace)
                .containsExactly(1024, true);
    }

    @Test
    void writesTable11ThroughOvsOfctlAndReadsItBackForDrift() throws Exception {
        List<List<String>> commands = new ArrayList<>();
        CommandRunner ovs = (command, stdin, timeout) -> {
            commands.add(command);
            // An empty dump: no drop flow, no slots, as after an ovs-vswitchd restart.
            return new CommandResult(0, "", "");
        };
        SlotTableWriter writer = new BundleSlotWriter(new OfctlSwitch("unix:/run/rxh/br.mgmt", ovs), MoveStyle.REPLACE, Ticker.system());
        PoolSpec pool = config.pools().get(0).spec();
        SlotTable two = Maglev.layout("1", List.of(new Member("10.0.0.1:80", 1), new Member("10.0.0.2:80", 1)), 1024);

        ApplyResult outcome = writer.apply(pool, null, two, false);

        assertThat(outcome.fullReplace()).isTrue();
        assertThat(outcome.flowMods()).isGreaterThanOrEqualTo(1024);
        assertThat(commands.get(0)).contains("--no-names", "bundle", "unix:/run/rxh/br.mgmt");
        assertThat(writer.holds(pool, two)).isFalse();
        assertThat(commands.get(1)).contains("dump-flows");
    }

    @Test
    void theRealWriterIsOpenVswitchAtTheConfiguredTarget() {
        assertThat(SlotTableWriters.forConfig(config, false, Ticker.system())).isInstanceOf(BundleSlotWriter.class);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # openflow target          | socket the channel connects to
        unix:/run/rxh-none/br.mgmt | /run/rxh-none/br.mgmt
        rxhbr-none                 | /run/rxh-none/rxhbr-none.mgmt
        """)
    void aUnixSocketTargetIsWrittenThroughThePersistentChannel(String target, String socket) {
        LbConfig other = new LbConfig(target, config.api(), config.intervals(), config.agentConcurrency(), config.pools(),
                config.pipeline(), config.appctl(), config.fleet());
        SlotTableWriter writer = SlotTableWriters.forConfig(other, false, Ticker.system(), Path.of("/run/rxh-none"));
        PoolSpec pool = config.pools().get(0).spec();
        SlotTable two = Maglev.layout("1", List.of(new Member("10.0.0.1:80", 1), new Member("10.0.0.2:80", 1)), 1024);

        OpenFlowException e = catchThrowableOfType(OpenFlowException.class, () -> writer.apply(pool, null, two, false));

        assertThat(e.failure()).isEqualTo(OpenFlowException.Failure.NOT_MADE);
        assertThat(e).hasMessageStartingWith("OpenFlow bundle " + target + ": cannot connect to " + socket);
        writer.close();
    }
}
