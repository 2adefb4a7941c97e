package io.rxhealth.ovs.openflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rxhealth.ovs.openflow.FlowMod.RegisterLoad;
import io.rxhealth.ovs.openflow.FlowMod.RegisterMatch;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FlowModTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # what                       | register | value       | bits | message
        register below 0             | -1       | 1           | 32   | register: -1 (expected: 0..15, reg0..reg15)
        register above 15            | 16       | 1           | 32   | register: 16 (expected: 0..15, reg0..reg15)
        negative value               | 2        | -1          | 32   | set_field value: -1 (expected: 0..4294967295)
        value over 32 bits           | 2        | 4294967296  | 32   | set_field value: 4294967296 (expected: 0..4294967295)
        port over 16 bits            | 4        | 65536       | 16   | set_field value: 65536 (expected: 0..65535)
        width neither 16 nor 32      | 4        | 1           | 8    | bits: 8 (expected: 16 or 32)
        """)
    void rejectsLoadsTheRegisterCannotHold(String what, int register, long value, int bits, String message) {
        assertThatThrownBy(() -> new RegisterLoad(register, value, bits)).hasMessage(message);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # what                   | table | priority | goto | message
        table 255                | 255   | 1        | -1   | table: 255 (expected: 0..254)
        priority over 16 bits    | 11    | 65536    | -1   | priority: 65536 (expected: 0..65535)
        goto the same table      | 11    | 1        | 11   | goto_table: 11 (expected: -1 or 12..254, a later table)
        goto an earlier table    | 11    | 1        | 3    | goto_table: 3 (expected: -1 or 12..254, a later table)
        """)
    void rejectsFlowModsTheSwitchWouldRefuse(String what, int table, int priority, int gotoTable, String message) {
        assertThatThrownBy(() -> FlowMod.add(table, priority, List.of(), 0, Set.of(), List.of(), gotoTable))
                .hasMessage(message);
        assertThatThrownBy(() -> new RegisterMatch(0, 1L << 32)).hasMessage("match value: 4294967296 (expected: 0..4294967295)");
    }

    @Test
    void aStructuredBundleIsTheTextOfItsFlowModsAndEqualsThatText() {
        FlowMod drop = FlowMod.add(11, 0, List.of(), 0, Set.of(), List.of(), -1);
        FlowMod delete = FlowMod.delete(11, List.of(new RegisterMatch(3, 7)));
        Bundle structured = Bundle.of(List.of(delete, drop));
        Bundle text = new Bundle(List.of("flow delete table=11,reg3=7", "flow add table=11,priority=0 actions=drop"));

        assertThat(structured.isStructured()).isTrue();
        assertThat(text.isStructured()).isFalse();
        assertThat(text.structured()).isEmpty();
        assertThat(structured.lines()).isEqualTo(text.lines());
        assertThat(structured).isEqualTo(text).hasSameHashCodeAs(text);
        assertThat(structured.flowMods()).isEqualTo(2);
        assertThat(structured.text()).isEqualTo("flow delete table=11,reg3=7\nflow add table=11,priority=0 actions=drop\n");
    }

    @Test
    void loadsShowAsManyHexDigitsAsTheirWidth() {
        FlowMod mod = FlowMod.add(11, 100, List.of(new RegisterMatch(3, 7)), 0, Set.of(),
                List.of(new RegisterLoad(2, 1, 32), new RegisterLoad(4, 80, 16)), -1);
        assertThat(mod.text()).isEqualTo("flow add table=11,priority=100,reg3=7 actions=set_field:0x00000001->reg2,"
                + "set_field:0x0050->reg4");
    }
}
