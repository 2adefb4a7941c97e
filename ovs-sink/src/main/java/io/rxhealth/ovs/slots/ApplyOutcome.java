package io.rxhealth.ovs.slots;

/**
 * What a {@link SlotTableWriter} did for one successful apply.
 *
 * @param flowMods    number of flow modifications sent in the bundle (for logs and metrics)
 * @param fullReplace true when the writer replaced the pool's whole slot table rather than
 *                    changing only the slots that differ
 */
public record ApplyOutcome(int flowMods, boolean fullReplace) {
    public ApplyOutcome {
        if (flowMods < 0) {
            throw new IllegalArgumentException("flowMods: " + flowMods + " (expected: >= 0)");
        }
    }
}
