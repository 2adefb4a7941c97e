package io.rxhealth.weighting;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * Decides when the reply carries {@code ready}: only for {@code interval} after the agent's OWN
 * drain or maint was lifted. HAProxy keeps DRAIN/MAINT until it sees {@code ready}, and
 * {@code ready} clears them whoever set them (src/tcpcheck.c) — so an agent that always said
 * {@code ready} would undo an operator's {@code set server ... state maint} within one
 * agent-inter. The interval covers several polls of every load balancer. Not thread-safe.
 */
public final class ReadyWindow {
    private final long intervalNanos;
    private final Ticker ticker;
    private State previous;
    private boolean open;
    private long openedAt;

    /** @param previous the state last served before this process, or UP when unknown */
    public ReadyWindow(Duration interval, State previous, Ticker ticker) {
        if (interval.isNegative()) {
            throw new IllegalArgumentException("ready interval: " + interval + " (expected: >= 0)");
        }
        this.intervalNanos = interval.toNanos();
        this.previous = requireNonNull(previous, "previous");
        this.ticker = requireNonNull(ticker, "ticker");
    }

    /**
     * The window of a reloaded config: the state last served and a {@code ready} being said carry
     * over, the latter now for {@code interval} from when it began.
     */
    public ReadyWindow reloaded(Duration interval) {
        ReadyWindow next = new ReadyWindow(interval, previous, ticker);
        next.open = open;
        next.openedAt = openedAt;
        return next;
    }

    /** Whether a reply for {@code state} (the final one, markers applied) should say ready. */
    public boolean ready(State state) {
        boolean admin = state == State.DRAIN || state == State.MAINT;
        boolean wasAdmin = previous == State.DRAIN || previous == State.MAINT;
        previous = state;
        long now = ticker.nanos();
        if (admin) {
            open = false;
            return false;
        }
        if (wasAdmin) {
            open = true;
            openedAt = now;
        }
        if (open && now - openedAt >= intervalNanos) {
            open = false;
        }
        return open;
    }
}
