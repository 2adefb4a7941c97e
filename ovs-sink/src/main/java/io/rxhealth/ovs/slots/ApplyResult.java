package io.rxhealth.ovs.slots;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * What one apply did to one pool: the mode, the flow mods in its bundle (a move counts 1 with
 * {@code MoveStyle.REPLACE}, 2 with {@code MoveStyle.DELETE_ADD}; a full bundle counts its delete
 * and the drop flow), the slots that changed owner (all of them when nothing was known to be
 * installed), the time the switch took and the applied layout's digest. Every
 * {@link SlotTableWriter} answers with one; a writer that sends nothing says zero flow mods.
 */
public record ApplyResult(int pool, ApplyMode mode, int flowMods, int slotsChanged, Duration duration,
                          String digest) {
    public ApplyResult {
        requireNonNull(mode, "mode");
        requireNonNull(duration, "duration");
        requireNonNull(digest, "digest");
        if (flowMods < 0) {
            throw new IllegalArgumentException("flowMods: " + flowMods + " (expected: >= 0)");
        }
    }

    /** True when the pool's whole slot table was replaced rather than only the slots that differ. */
    public boolean fullReplace() {
        return mode == ApplyMode.FULL || mode == ApplyMode.FAIL_CLOSE;
    }
}
