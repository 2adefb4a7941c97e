package io.rxhealth.weighting.maglev;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The slots whose owner differs between an installed table and the next one. */
public final class SlotDiff {
    private SlotDiff() {
    }

    /**
     * Changes that turn {@code installed} into {@code next}, in slot order. {@code installed} may be
     * {@code null} (nothing known to be installed): then every slot of {@code next} is a change.
     */
    public static List<SlotChange> between(SlotTable installed, SlotTable next) {
        if (installed != null && installed.size() != next.size()) {
            throw new IllegalArgumentException("table sizes differ: " + installed.size() + " vs "
                    + next.size() + " (expected: equal; a size change is a full replace)");
        }
        List<SlotChange> changes = new ArrayList<>();
        for (int slot = 0; slot < next.size(); slot++) {
            String from = installed == null ? null : installed.owner(slot);
            String to = next.owner(slot);
            if (installed == null || !Objects.equals(from, to)) {
                changes.add(new SlotChange(slot, from, to));
            }
        }
        return changes;
    }
}
