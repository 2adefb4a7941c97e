package io.rxhealth.weighting.maglev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Small pools written out slot by slot: a table is one letter per slot (the owner's key, {@code -}
 * for unowned); weights are {@code key=weight} pairs.
 */
class MinimalRepairTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # scenario                              | previous | weights         | counts      | moves
        nothing changed                         | aaaabbbb | a=1 b=1         | a=4 b=4     | 0
        one member drained                      | aaaabbbb | a=1 b=0         | a=8 b=0     | 4
        a member added at twice the weight      | aaaabbbb | a=1 b=1 c=2     | a=2 b=2 c=4 | 4
        within floor and ceiling: no move       | aaabbbcc | a=1 b=1 c=1     | a=3 b=3 c=2 | 0
        a third member up takes the floor only  | aaaabbbb | a=1 b=1 c=1     | a=3 b=3 c=2 | 2
        a member no longer listed frees its own | aaaadddd | a=1 b=1         | a=4 b=4     | 4
        an empty table gets the pure layout     | -------- | a=1             | a=8         | 8
        every weight zero empties the table     | aaaabbbb | a=0 b=0         | a=0 b=0     | 8
        a weight change moves its quota change  | aaaabbbb | a=3 b=1         | a=6 b=2     | 2
        ceiling raised where the remainder is   | aaaaabbb | a=1 b=1 c=1     | a=3 b=3 c=2 | 2
        """)
    void repairsToExactQuotasWithTheFewestMoves(String scenario, String previous, String weights,
                                                String counts, int moves) {
        SlotTable before = table(previous);
        SlotTable after = MinimalRepair.repair("pool", before, members(weights), previous.length());
        assertEquals(counts, counts(after), scenario);
        assertEquals(moves, Disruption.moved(before, after), scenario);
    }

    @Test
    void aPoolsFirstTableIsThePureLayout() {
        List<Member> members = members("a=1 b=2 c=3");
        assertEquals(Maglev.layout("pool", members, 64), MinimalRepair.repair("pool", null, members, 64));
    }

    @Test
    void aTableOfAnotherSizeIsLaidOutAfresh() {
        List<Member> members = members("a=1 b=1");
        assertEquals(Maglev.layout("pool", members, 16), MinimalRepair.repair("pool", table("aaaabbbb"), members, 16));
    }

    @Test
    void slotsThatStayKeepTheirOwner() {
        SlotTable before = table("aaaaabbbbbcccccc");
        SlotTable after = MinimalRepair.repair("pool", before, members("a=1 b=1 c=0"), 16);
        for (int slot = 0; slot < 10; slot++) {
            assertEquals(before.owner(slot), after.owner(slot), "slot " + slot);
        }
    }

    @Test
    void rejectsAMemberListedTwice() {
        var twice = List.of(new Member("a", 1), new Member("a", 2));
        assertThrows(IllegalArgumentException.class, () -> MinimalRepair.repair("pool", table("aabb"), twice, 4));
    }

    /** One letter per slot; the keys are the letters used. */
    static SlotTable table(String owners) {
        var keys = new ArrayList<String>();
        owners.chars().filter(c -> c != '-').mapToObj(c -> String.valueOf((char) c)).distinct().sorted()
                .forEach(keys::add);
        int[] index = new int[owners.length()];
        for (int slot = 0; slot < owners.length(); slot++) {
            char c = owners.charAt(slot);
            index[slot] = c == '-' ? -1 : keys.indexOf(String.valueOf(c));
        }
        return new SlotTable(keys, index);
    }

    static List<Member> members(String weights) {
        var members = new ArrayList<Member>();
        for (String pair : weights.trim().split("\\s+")) {
            String[] kv = pair.split("=");
            members.add(new Member(kv[0], Integer.parseInt(kv[1])));
        }
        return members;
    }

    private static String counts(SlotTable table) {
        Map<String, Integer> sorted = new TreeMap<>(table.slotCounts());
        var text = new StringBuilder();
        sorted.forEach((k, v) -> text.append(text.length() == 0 ? "" : " ").append(k).append('=').append(v));
        return text.toString();
    }
}
