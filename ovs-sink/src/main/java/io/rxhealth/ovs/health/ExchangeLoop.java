package io.rxhealth.ovs.health;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one {@link LineExchange} per target every {@code interval} on one selector thread, each
 * bounded by {@code timeout}: the engine behind the {@link AgentPoller} and the
 * {@link ProbeScheduler}.
 *
 * <p>Non-blocking sockets, because a target that does not answer must cost a timer, not a thread:
 * 10,000 agents at 1 s are 10,000 short connections a second, and a segment that goes dark leaves
 * every probe to it waiting out its timeout. At most {@code maxInFlight} exchanges are open at
 * once; one that cannot start on time starts as soon as there is room.
 *
 * <p>An exchange's timeout runs from the moment its connect is issued, and what the selector has
 * reported is handled before anything is expired: opening thousands of exchanges (a first round of
 * 10,000 probes and as many polls) takes the thread long enough, cold or on a busy host, that a
 * deadline taken from the turn's start, or an expiry pass ahead of the replies already received,
 * failed members that had answered in time. The first round is spread ({@link #firstRound()}). At most {@link #STARTS_PER_TURN}
 * exchanges are opened between two passes over the selector, so a burst never keeps answers waiting,
 * and time the loop itself was held up ({@link #STALL_GRACE_NANOS}) is given back to the exchanges in
 * flight: a member is not failed because this node's thread did not run.
 */
final class ExchangeLoop implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ExchangeLoop.class);
    /** Exchanges opened in one turn of the loop before it reads what has arrived. */
    static final int STARTS_PER_TURN = 256;
    /**
     * A turn of the loop longer than this (its own work, or select returning this much later than
     * asked) holds the exchanges in flight up; they are given the excess back, up to one timeout
     * each. A turn at 10,000 members and 2 s takes well under a millisecond when the thread runs.
     */
    static final long STALL_GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** Time between two opens of the first round: 5,000 a second, the steady rate of 10,000 targets at 2 s. */
    static final Duration FIRST_ROUND_GAP = Duration.ofNanos(200_000);

    /** Creates the exchange with target {@code target}, due to end by {@code deadline} (ticker nanos). */
    @FunctionalInterface
    interface Starter {
        LineExchange start(int target, long deadline);
    }

    private record Due(int target, long at, boolean first) {
    }

    private final int targets;
    private final long intervalNanos;
    private final long timeoutNanos;
    private final int maxInFlight;
    private final Starter starter;
    private final StartLag lag;
    private final Ticker ticker;
    private final Selector selector;
    private final ArrayDeque<Due> due = new ArrayDeque<>();
    private final ArrayDeque<LineExchange> inFlight = new ArrayDeque<>();
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(LineExchange.MAX_LINE);
    private final Consumer<SelectionKey> onReady = this::ready;
    private final CountDownLatch firstRound;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile int open;
    private long startedAt;

    ExchangeLoop(String threadName, int targets, Duration interval, Duration timeout, int maxInFlight, Starter starter,
                 Ticker ticker) {
        this(threadName, targets, interval, timeout, maxInFlight, starter, StartLag.NONE, ticker);
    }

    ExchangeLoop(String threadName, int targets, Duration interval, Duration timeout, int maxInFlight, Starter starter,
                 StartLag lag, Ticker ticker) {
        this.targets = targets;
        this.intervalNanos = interval.toNanos();
        this.timeoutNanos = timeout.toNanos();
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight: " + maxInFlight + " (expected: >= 1)");
        }
        this.maxInFlight = maxInFlight;
        this.starter = requireNonNull(starter, "starter");
        this.lag = requireNonNull(lag, "lag");
        this.ticker = requireNonNull(ticker, "ticker");
        this.firstRound = new CountDownLatch(targets);
        try {
            this.selector = Selector.open();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a selector", e);
        }
        this.thread = new Thread(this::loop, threadName);
        this.thread.setDaemon(true);
    }

    /**
     * Runs every target's first exchange over the next {@link #firstRound()}, then every interval,
     * spread evenly over it.
     */
    void start() {
        long now = ticker.nanos();
        startedAt = now;
        long spread = firstRound().toNanos();
        for (int i = 0; i < targets; i++) {
            due.add(new Due(i, now + spread * i / Math.max(1, targets), true));
        }
        thread.start();
    }

    /**
     * The time the first round's exchanges are opened over: {@link #FIRST_ROUND_GAP} per target, at
     * most the interval. A few targets start at once; 10,000 go out at the steady rate instead of in
     * one burst of connects, which the targets' accept queues and the host (the probes' and the
     * polls' first rounds together) took more than the timeout to answer.
     */
    Duration firstRound() {
        return Duration.ofNanos(Math.min(intervalNanos, FIRST_ROUND_GAP.toNanos() * targets));
    }

    /** Waits until every target's first exchange has finished (or the wait is over); true if all have. */
    boolean awaitFirstRound(Duration wait) throws InterruptedException {
        return firstRound.await(wait.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Exchanges open right now. */
    int inFlight() {
        return open;
    }

    private void loop() {
        while (running) {
            try {
                long turn = ticker.nanos();
                startDue();
                long beforeSelect = ticker.nanos();
                long wait = nextWake(beforeSelect);
                long asked = 0;
                // The select with an action: no selected-key set to fill and clear every turn (its
                // clear costs the capacity the first round grew it to, a hot spot at 10,000 members).
                if (wait <= 0) {
                    selector.selectNow(onReady);
                } else {
                    long millis = Math.max(1, TimeUnit.NANOSECONDS.toMillis(wait));
                    asked = TimeUnit.MILLISECONDS.toNanos(millis);
                    selector.select(onReady, millis);
                }
                long now = ticker.nanos();
                // The turn's own work and any oversleep in select: time the thread was not there
                // to send requests or read answers (descheduled on a busy host, a GC pause, cold
                // code in the first round). Beyond the grace, the exchanges in flight get it back.
                long held = (beforeSelect - turn) + Math.max(0, now - beforeSelect - asked);
                if (held > STALL_GRACE_NANOS) {
                    for (LineExchange x : inFlight) {
                        x.postpone(held - STALL_GRACE_NANOS, timeoutNanos);
                    }
                }
                // After the answers the selector reported: one that arrived in time is never expired.
                expire(now);
            } catch (IOException | RuntimeException | LinkageError e) {
                // A selector error must not stop the loop; the exchanges in flight time out normally.
                // LinkageError: a class that could not be loaded, e.g. while out of file descriptors;
                // a dead loop would stop every probe or poll for good, without a word.
                log.error("{} loop error", thread.getName(), e);
            }
        }
    }

    private void ready(SelectionKey key) {
        ((LineExchange) key.attachment()).onReady(readBuffer);
    }

    private void startDue() {
        long now = ticker.nanos();
        for (int started = 0; started < STARTS_PER_TURN && !due.isEmpty() && due.peekFirst().at() - now <= 0
                && open < maxInFlight; started++) {
            Due d = due.pollFirst();
            // From the second round on, targets are spread evenly over the interval.
            long next = d.first()
                    ? startedAt + intervalNanos + intervalNanos * d.target() / Math.max(1, targets)
                    : d.at() + intervalNanos;
            // Never schedule in the past: a late exchange (no room in flight) does not cause a burst.
            due.addLast(new Due(d.target(), next - now < 0 ? now : next, false));
            // The timeout counts from this connect, not from the turn's start: opening the exchanges
            // before it took time. Deadlines stay in start order, which expire() relies on.
            now = ticker.nanos();
            lag.opened(now - d.at());
            LineExchange x = starter.start(d.target(), now + timeoutNanos);
            // Only a target's first exchange counts for the first round: a quick target polled
            // again while a slow one is still open must not stand in for it.
            x.whenFinished(d.first() ? this::finishedFirst : this::finished);
            open++;
            inFlight.addLast(x);
            x.open(selector);
        }
    }

    private void expire(long now) {
        while (!inFlight.isEmpty() && (inFlight.peekFirst().done() || inFlight.peekFirst().deadline - now <= 0)) {
            LineExchange x = inFlight.pollFirst();
            if (!x.done()) {
                x.expire();
            }
        }
    }

    private long nextWake(long now) {
        long wake = Long.MAX_VALUE;
        if (!due.isEmpty() && open < maxInFlight) {
            wake = due.peekFirst().at() - now;
        }
        if (!inFlight.isEmpty()) {
            wake = Math.min(wake, inFlight.peekFirst().deadline - now);
        }
        return wake == Long.MAX_VALUE ? TimeUnit.MILLISECONDS.toNanos(100) : wake;
    }

    private void finished() {
        open--;
    }

    private void finishedFirst() {
        open--;
        firstRound.countDown();
    }

    @Override
    public void close() {
        running = false;
        selector.wakeup();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (LineExchange x : inFlight) {
            if (!x.done()) {
                x.expire();
            }
        }
        try {
            selector.close();
        } catch (IOException e) {
            log.warn("closing the {} selector: {}", thread.getName(), e.toString());
        }
    }
}
