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
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Polls agent-check servers the way HAProxy does (connect, optional agent-send, read one line,
 * close), every {@code interval}, each poll bounded by {@code timeout} from connect to line end.
 *
 * <p>One selector thread drives every poll on non-blocking sockets: 10,000 agents at 1 s need
 * 10,000 short connections a second, which a thread per poll (or a pool of blocking sockets
 * waiting out timeouts) cannot do on one core. At most {@code maxInFlight} polls are open at
 * once; a poll that cannot start on time starts as soon as there is room.
 *
 * <p>Listener calls come from the selector thread and must be quick.
 */
public final class AgentPoller implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(AgentPoller.class);

    /** Receives each poll's outcome on the selector thread. */
    public interface Listener {
        void onReply(String key, String line);

        void onFailure(String key, AgentFailure failure, String detail);
    }

    private record Due(int target, long at, boolean first) {
    }

    private final List<AgentTarget> targets;
    private final long intervalNanos;
    private final long timeoutNanos;
    private final int maxInFlight;
    private final Listener listener;
    private final Ticker ticker;
    private final Selector selector;
    private final ArrayDeque<Due> due = new ArrayDeque<>();
    private final ArrayDeque<AgentConnection> inFlight = new ArrayDeque<>();
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(AgentConnection.MAX_REPLY);
    private final CountDownLatch firstRound;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile int open;

    public AgentPoller(List<AgentTarget> targets, Duration interval, Duration timeout, int maxInFlight,
                       Listener listener, Ticker ticker) {
        this.targets = List.copyOf(targets);
        this.intervalNanos = interval.toNanos();
        this.timeoutNanos = timeout.toNanos();
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight: " + maxInFlight + " (expected: >= 1)");
        }
        this.maxInFlight = maxInFlight;
        this.listener = new Guarded(requireNonNull(listener, "listener"), this);
        this.ticker = requireNonNull(ticker, "ticker");
        this.firstRound = new CountDownLatch(this.targets.size());
        try {
            this.selector = Selector.open();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a selector", e);
        }
        this.thread = new Thread(this::loop, "rx-agent-poller");
        this.thread.setDaemon(true);
    }

    /** Polls every agent now, then every interval, spread evenly over it. */
    public void start() {
        long now = ticker.nanos();
        for (int i = 0; i < targets.size(); i++) {
            due.add(new Due(i, now, true));
        }
        thread.start();
    }

    /** Waits until every agent has been polled once (or the wait is over); true if all were. */
    public boolean awaitFirstRound(Duration wait) throws InterruptedException {
        return firstRound.await(wait.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Polls open right now. */
    public int inFlight() {
        return open;
    }

    private void loop() {
        while (running) {
            try {
                long now = ticker.nanos();
                startDue(now);
                expire(now);
                long wait = nextWake(now);
                if (wait <= 0) {
                    selector.selectNow();
                } else {
                    selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(wait)));
                }
                for (SelectionKey key : selector.selectedKeys()) {
                    ((AgentConnection) key.attachment()).onReady(readBuffer);
                }
                selector.selectedKeys().clear();
            } catch (IOException | RuntimeException e) {
                // A selector error must not stop polling; the polls in flight time out normally.
                log.error("agent poller loop error", e);
            }
        }
    }

    private void startDue(long now) {
        while (!due.isEmpty() && due.peekFirst().at() - now <= 0 && open < maxInFlight) {
            Due d = due.pollFirst();
            // The first round goes out at once; later rounds are spread over the interval.
            long next = d.first()
                    ? d.at() + intervalNanos + intervalNanos * d.target() / Math.max(1, targets.size())
                    : d.at() + intervalNanos;
            // Never schedule in the past: a late poll (no room in flight) does not cause a burst.
            due.addLast(new Due(d.target(), next - now < 0 ? now : next, false));
            AgentConnection c = new AgentConnection(targets.get(d.target()), now + timeoutNanos, listener);
            open++;
            inFlight.addLast(c);
            c.open(selector);
        }
    }

    private void expire(long now) {
        while (!inFlight.isEmpty() && (inFlight.peekFirst().done() || inFlight.peekFirst().deadline - now <= 0)) {
            AgentConnection c = inFlight.pollFirst();
            if (!c.done()) {
                c.expire();
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

    @Override
    public void close() {
        running = false;
        selector.wakeup();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (AgentConnection c : inFlight) {
            if (!c.done()) {
                c.expire();
            }
        }
        try {
            selector.close();
        } catch (IOException e) {
            log.warn("closing the agent selector: {}", e.toString());
        }
    }

    /** Counts polls in flight and the first round, and keeps a failing listener from the loop. */
    private record Guarded(Listener delegate, AgentPoller poller) implements Listener {
        @Override
        public void onReply(String key, String line) {
            poller.finished();
            try {
                delegate.onReply(key, line);
            } catch (RuntimeException e) {
                log.error("agent reply listener failed for {}", key, e);
            }
            poller.firstRound.countDown();
        }

        @Override
        public void onFailure(String key, AgentFailure failure, String detail) {
            poller.finished();
            try {
                delegate.onFailure(key, failure, detail);
            } catch (RuntimeException e) {
                log.error("agent failure listener failed for {}", key, e);
            }
            poller.firstRound.countDown();
        }
    }
}
