package io.rxhealth.ovs.slots;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * What one apply did to one pool: the mode, the flow mods in its bundle (a move counts 1 with
 * {@code MoveStyle.REPLACE}, 2 with {@code MoveStyle.DELETE_ADD}; a full bundle counts its delete
 * and the drop flow), the slots that changed owner (all of them when nothing was known to be
 * installed), the wall time of the {@code ovs-ofctl} call and the applied layout's digest.
 */
public record ApplyResult(int pool, ApplyMode mode, int flowMods, int slotsChanged, Duration duration,
                          String digest) {
    public ApplyResult {
        requireNonNull(mode, "mode");
        requireNonNull(duration, "duration");
        requireNonNull(digest, "digest");
    }
}
