package io.rxhealth.ovs.flow;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * How {@link BundleSlotWriter} calls {@code ovs-ofctl}: the binary, the time one call may take
 * (a full bundle of 65,536 slots takes ~0.6 s here), and how incremental bundles move slots.
 */
public record OvsOptions(String ofctl, Duration timeout, MoveStyle moveStyle) {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    public OvsOptions {
        requireNonNull(ofctl, "ofctl");
        requireNonNull(moveStyle, "moveStyle");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout: " + timeout + " (expected: > 0)");
        }
    }

    /** {@code ovs-ofctl} from the PATH, 10 s, {@link MoveStyle#REPLACE}. */
    public static OvsOptions defaults() {
        return new OvsOptions("ovs-ofctl", DEFAULT_TIMEOUT, MoveStyle.REPLACE);
    }

    public OvsOptions withMoveStyle(MoveStyle style) {
        return new OvsOptions(ofctl, timeout, style);
    }

    public OvsOptions withTimeout(Duration value) {
        return new OvsOptions(ofctl, value, moveStyle);
    }
}
