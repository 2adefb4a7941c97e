package io.rxhealth.ovs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rxhealth.ovs.config.ConfigLoader;
import io.rxhealth.ovs.config.LbConfig;
import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlotTableWritersTest {
    private final LbConfig config = new ConfigLoader().example();

    @Test
    void dryRunWritesNothingAndCountsTheSlotsItWouldChange() throws Exception {
        SlotTableWriter writer = SlotTableWriters.forConfig(config, true);
        PoolSpec pool = config.pools().get(0).spec();
        SlotTable two = Maglev.layout("1", List.of(new Member("a:1", 1), new Member("b:1", 1)), 1024);
        SlotTable one = Maglev.layout("1", List.of(new Member("a:1", 1), new Member("b:1", 0)), 1024);

        assertThat(writer.apply(pool, null, two, false)).isEqualTo(new ApplyOutcome(1024, true));
        assertThat(writer.apply(pool, two, one, false)).isEqualTo(new ApplyOutcome(512, false));
        assertThat(writer.apply(pool, two, one, true)).isEqualTo(new ApplyOutcome(1024, true));
    }

    @Test
    void refusesToRunWithoutADataPlaneWriter() {
        // This module's test classpath registers no SlotTableWriterFactory.
        assertThatThrownBy(() -> SlotTableWriters.forConfig(config, false))
                .hasMessage("slot-table writers on the classpath: 0 (expected: exactly one; or run with --dry-run to write nothing)");
    }
}
