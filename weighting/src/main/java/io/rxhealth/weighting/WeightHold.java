package io.rxhealth.weighting;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * Anti-flap for the weight: a lower weight applies at once, a higher one only after it has been
 * asked for continuously for {@code hold}. A node that oscillates between 50% and 100% therefore
 * stays at 50% until it has been healthy for the hold time. Not thread-safe.
 */
public final class WeightHold {
    private final long holdNanos;
    private final Ticker ticker;
    private Integer current;
    private int pending;
    private long pendingSince;

    public WeightHold(Duration hold, Ticker ticker) {
        if (hold.isNegative()) {
            throw new IllegalArgumentException("hold: " + hold + " (expected: >= 0)");
        }
        this.holdNanos = hold.toNanos();
        this.ticker = requireNonNull(ticker, "ticker");
    }

    /**
     * The hold of a reloaded config: a higher weight already waiting keeps the time it has waited,
     * now against {@code hold}.
     */
    public WeightHold reloaded(Duration hold) {
        WeightHold next = new WeightHold(hold, ticker);
        next.current = current;
        next.pending = pending;
        next.pendingSince = pendingSince;
        return next;
    }

    public Verdict apply(Verdict health) {
        if (health.state() != State.UP) {
            // Coming back from down is the recovery window's job, not the hold's.
            current = null;
            return health;
        }
        int target = health.weightPercent();
        long now = ticker.nanos();
        if (current == null || target <= current) {
            current = target;
            pending = -1;
            return health;
        }
        if (target != pending) {
            pending = target;
            pendingSince = now;
        }
        if (now - pendingSince >= holdNanos) {
            current = target;
            pending = -1;
            return health;
        }
        long leftSeconds = Duration.ofNanos(holdNanos - (now - pendingSince)).toSeconds();
        java.util.List<String> reasons = new java.util.ArrayList<>(health.reasons());
        reasons.add("hold " + current + "% before " + target + "%, " + leftSeconds + " s left");
        return new Verdict(State.UP, current, reasons);
    }
}
