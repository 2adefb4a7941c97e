package io.rxhealth.weighting.maglev;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The slots whose owner differs between an installed table and the next one. */
public final class SlotDiff {
    private SlotDiff() {
    }

    /**
     * Changes that turn {@code installed} into {@code next}, in slot order. {@code installed} may be
     * {@code null} (nothing known to be installed): then every slot of {@code next} is a change.
     * Owners are compared by key, so the two tables may list different members.
     */
    public static List<SlotChange> between(SlotTable installed, SlotTable next) {
        if (installed != null && installed.size() != next.size()) {
            throw new IllegalArgumentException("table sizes differ: " + installed.size() + " vs "
                    + next.size() + " (expected: equal; a size change is a full replace)");
        }
        List<SlotChange> changes = new ArrayList<>();
        if (installed == null) {
            for (int slot = 0; slot < next.size(); slot++) {
                changes.add(new SlotChange(slot, null, next.owner(slot)));
            }
            return changes;
        }
        // Compare owner indexes, translated into next's key list once, rather than key strings.
        int[] translate = translation(installed.keys(), next.keys());
        int[] before = installed.ownersView();
        int[] after = next.ownersView();
        for (int slot = 0; slot < after.length; slot++) {
            int from = before[slot] < 0 ? -1 : translate[before[slot]];
            if (from != after[slot]) {
                changes.add(new SlotChange(slot, installed.owner(slot), next.owner(slot)));
            }
        }
        return changes;
    }

    /** Index in {@code to} of each key of {@code from}; -2 for a key {@code to} does not list. */
    private static int[] translation(List<String> from, List<String> to) {
        int[] translate = new int[from.size()];
        if (from.equals(to)) {
            for (int i = 0; i < translate.length; i++) {
                translate[i] = i;
            }
            return translate;
        }
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < to.size(); i++) {
            index.put(to.get(i), i);
        }
        for (int i = 0; i < translate.length; i++) {
            translate[i] = index.getOrDefault(from.get(i), -2);
        }
        return translate;
    }
}
