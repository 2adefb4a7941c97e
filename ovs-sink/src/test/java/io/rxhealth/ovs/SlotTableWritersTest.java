package io.rxhealth.ovs;

import static org.assertj.core.api.Assertions.assertThat;

import io.rxhealth.ovs.config.ConfigLoader;
import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.ovs.flow.BundleSlotWriter;
import io.rxhealth.ovs.flow.MoveStyle;
import io.rxhealth.ovs.openflow.OfctlSwitch;
import io.rxhealth.ovs.process.CommandResult;
import io.rxhealth.ovs.process.CommandRunner;
import io.rxhealth.ovs.slots.ApplyResult;
import io.rxhealth.ovs.slots.PoolSpec;
import io.rxhealth.ovs.slots.SlotTableWriter;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

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
}
