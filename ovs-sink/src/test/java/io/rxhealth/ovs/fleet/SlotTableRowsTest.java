package io.rxhealth.ovs.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.rxhealth.weighting.maglev.Maglev;
import io.rxhealth.weighting.maglev.Member;
import io.rxhealth.weighting.maglev.SlotTable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SlotTableRowsTest {
    private static final List<Member> MEMBERS = List.of(new Member("10.0.0.1:80", 100),
            new Member("10.0.0.2:80", 50), new Member("10.0.0.3:80", 0, 100));

    @Test
    void aRowReadsBackAsTheTableItWasWrittenFrom() {
        var table = new InstalledTable("web", 7, Maglev.layout("web", MEMBERS, 1024),
                Map.of("10.0.0.1:80", 100, "10.0.0.2:80", 50, "10.0.0.3:80", 0), true, 150, 350, "lb-a", 1234);
        var read = SlotTableRows.read(SlotTableRows.row(table));
        assertEquals(table, read);
        assertEquals(table.table().digest(), read.table().digest());
    }

    @Test
    void writesOwnersAsKeyIndexesAndUnownedSlotsAsDashes() {
        var table = new SlotTable(List.of("a:1", "b:1"), new int[] {1, 0, -1, 1});
        assertEquals("1,0,-,1", SlotTableRows.owners(table));
    }

    @Test
    void refusesARowWhoseOwnersDoNotMatchItsDigest() {
        var table = new InstalledTable("web", 1, Maglev.layout("web", MEMBERS, 64), Map.of(), false, 0, 0, "lb-a", 0);
        var row = SlotTableRows.row(table);
        String owners = row.get("owners").asText();
        row.put("owners", (owners.startsWith("0") ? "1" : "0") + owners.substring(1));
        assertThrows(IllegalArgumentException.class, () -> SlotTableRows.read(row));
    }

    @Test
    void refusesARowWithTooFewOwners() {
        var row = SlotTableRows.row(new InstalledTable("web", 1, Maglev.layout("web", MEMBERS, 64), Map.of(), false, 0, 0, "lb-a", 0));
        row.put("slots", 128);
        assertThrows(IllegalArgumentException.class, () -> SlotTableRows.read(row));
    }
}
