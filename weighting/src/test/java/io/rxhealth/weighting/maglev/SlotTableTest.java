package io.rxhealth.weighting.maglev;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SlotTableTest {
    @Test
    void digestsOneLinePerSlotAsTheLbNodeLogsIt() {
        // printf '0 a:80\n1 -\n2 b:80\n' | sha256sum
        var table = new SlotTable(List.of("a:80", "b:80"), new int[] {0, -1, 1});
        assertEquals("4964ba68bbd35c814c0004944bcdeaf9827f04e1ea374e1c2ae0c629e596e44f", table.digest());
    }

    @Test
    void countsSlotsPerMemberInKeyOrder() {
        var table = new SlotTable(List.of("a:80", "b:80", "c:80"), new int[] {2, 2, -1, 0});
        assertThat(table.slotCounts()).containsExactly(
                Map.entry("a:80", 1), Map.entry("b:80", 0), Map.entry("c:80", 2));
        assertThat(table.isEmpty()).isFalse();
        assertThat(table.owner(2)).isNull();
    }

    @Test
    void rejectsAnOwnerOutsideTheKeys() {
        assertThatThrownBy(() -> new SlotTable(List.of("a:80"), new int[] {0, 1}))
                .hasMessage("owners[1]: 1 (expected: -1..0)");
    }
}
