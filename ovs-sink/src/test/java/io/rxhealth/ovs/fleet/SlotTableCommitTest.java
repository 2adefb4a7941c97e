package io.rxhealth.ovs.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.rxhealth.weighting.maglev.SlotTable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SlotTableCommitTest {
    @ParameterizedTest(name = "version {0}")
    @CsvSource(delimiter = '|', textBlock = """
        # version | wait                                                                                                        | write
        1         | {"op":"wait","table":"Slot_Table","timeout":0,"where":[["pool","==","web"]],"columns":["version"],"until":"==","rows":[]}              | insert
        2         | {"op":"wait","table":"Slot_Table","timeout":0,"where":[["pool","==","web"]],"columns":["version"],"until":"==","rows":[{"version":1}]} | update
        9         | {"op":"wait","table":"Slot_Table","timeout":0,"where":[["pool","==","web"]],"columns":["version"],"until":"==","rows":[{"version":8}]} | update
        """)
    void waitsOnThePreviousVersionThenWrites(long version, String wait, String write) {
        var table = new SlotTable(List.of("a:1"), new int[] {0, 0});
        var ops = SlotTableCommit.operations(new InstalledTable("web", version, table, Map.of("a:1", 1), false, 1, 1, "lb-a", 0));
        assertEquals(wait, ops.get(0).toString());
        assertEquals(write, ops.get(1).get("op").asText());
        assertEquals(version, ops.get(1).get("row").get("version").asLong());
    }
}
