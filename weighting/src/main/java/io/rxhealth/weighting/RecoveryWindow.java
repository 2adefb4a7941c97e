package io.rxhealth.weighting;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * After a {@code down}, the node comes back at a capped weight for {@code window}: the window is
 * cut into equal steps, one per cap (e.g. 25, 50, 75 over 60 s gives 25% for 20 s, 50% for
 * 20 s, 75% for 20 s), then full weight. A new {@code down} restarts it. The agent owns this ramp;
 * HAProxy's {@code slowstart} must stay off or the two ramps multiply (agent-check.md).
 * Not thread-safe.
 */
public final class RecoveryWindow {
    private final long windowNanos;
    private final List<Integer> caps;
    private final Ticker ticker;
    private boolean down;
    private boolean recovering;
    private long startedAt;

    public RecoveryWindow(Duration window, List<Integer> caps, Ticker ticker) {
        if (window.isNegative()) {
            throw new IllegalArgumentException("window: " + window + " (expected: >= 0)");
        }
        if (!window.isZero() && caps.isEmpty()) {
            throw new IllegalArgumentException("steps: [] (expected: at least one cap in percent)");
        }
        for (int cap : caps) {
            if (cap < 0 || cap > 100) {
                throw new IllegalArgumentException("step: " + cap + "% (expected: 0%..100%)");
            }
        }
        this.windowNanos = window.toNanos();
        this.caps = List.copyOf(caps);
        this.ticker = requireNonNull(ticker, "ticker");
    }

    public Verdict apply(Verdict health) {
        if (health.state() == State.DOWN) {
            down = true;
            recovering = false;
            return health;
        }
        long now = ticker.nanos();
        if (down) {
            down = false;
            recovering = windowNanos > 0;
            startedAt = now;
        }
        if (!recovering) {
            return health;
        }
        long elapsed = now - startedAt;
        if (elapsed >= windowNanos) {
            recovering = false;
            return health;
        }
        int cap = caps.get((int) (elapsed * caps.size() / windowNanos));
        if (health.weightPercent() <= cap) {
            return health;
        }
        List<String> reasons = new ArrayList<>(health.reasons());
        reasons.add("recovery " + cap + "%, " + Duration.ofNanos(windowNanos - elapsed).toSeconds() + " s left");
        return new Verdict(health.state(), cap, reasons);
    }

    /**
     * The window of a reloaded config: a node down stays down, a node recovering keeps the time
     * it has recovered, now measured against {@code window} and {@code caps} (a window of zero
     * ends the recovery).
     */
    public RecoveryWindow reloaded(Duration window, List<Integer> caps) {
        RecoveryWindow next = new RecoveryWindow(window, caps, ticker);
        next.down = down;
        next.recovering = recovering && next.windowNanos > 0;
        next.startedAt = startedAt;
        return next;
    }

    /** Where the window stands, for the state file. */
    public RecoverySnapshot snapshot() {
        if (down) {
            return RecoverySnapshot.DOWN;
        }
        if (recovering) {
            long elapsed = ticker.nanos() - startedAt;
            if (elapsed < windowNanos) {
                return RecoverySnapshot.recovering(Duration.ofNanos(elapsed));
            }
        }
        return RecoverySnapshot.HEALTHY;
    }

    /** Continues from a snapshot taken by an earlier process, so a restart does not jump to 100%. */
    public void restore(RecoverySnapshot snapshot) {
        down = snapshot.phase() == RecoverySnapshot.Phase.DOWN;
        recovering = snapshot.phase() == RecoverySnapshot.Phase.RECOVERING && windowNanos > 0;
        startedAt = ticker.nanos() - snapshot.elapsed().toNanos();
    }
}
