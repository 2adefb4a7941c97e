package io.rxhealth.weighting.maglev;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class SlotDiffTest {
    private static final List<String> KEYS = List.of("a:80", "b:80");

    @Test
    void listsEverySlotWhenNothingIsKnownToBeInstalled() {
        var next = new SlotTable(KEYS, new int[] {0, 1, -1});
        assertThat(SlotDiff.between(null, next)).containsExactly(
                new SlotChange(0, null, "a:80"), new SlotChange(1, null, "b:80"), new SlotChange(2, null, null));
    }

    @Test
    void listsOnlyTheSlotsThatChangeOwner() {
        var installed = new SlotTable(KEYS, new int[] {0, 1, 1, 0});
        var next = new SlotTable(KEYS, new int[] {0, 0, 1, -1});
        assertThat(SlotDiff.between(installed, next)).containsExactly(
                new SlotChange(1, "b:80", "a:80"), new SlotChange(3, "a:80", null));
        assertThat(SlotDiff.between(next, next)).isEmpty();
    }

    @Test
    void comparesOwnersByKeyNotByIndex() {
        var installed = new SlotTable(List.of("a:80", "b:80"), new int[] {1});
        var next = new SlotTable(List.of("b:80"), new int[] {0});
        assertThat(SlotDiff.between(installed, next)).isEmpty();
    }

    @Test
    void listsTheSlotsOfAMemberTheNextTableNoLongerLists() {
        var installed = new SlotTable(List.of("a:80", "b:80"), new int[] {0, 1});
        var next = new SlotTable(List.of("a:80"), new int[] {0, 0});
        assertThat(SlotDiff.between(installed, next)).containsExactly(new SlotChange(1, "b:80", "a:80"));
    }

    @Test
    void refusesTablesOfDifferentSizes() {
        assertThatThrownBy(() -> SlotDiff.between(new SlotTable(KEYS, new int[2]), new SlotTable(KEYS, new int[3])))
                .hasMessage("table sizes differ: 2 vs 3 (expected: equal; a size change is a full replace)");
    }
}
