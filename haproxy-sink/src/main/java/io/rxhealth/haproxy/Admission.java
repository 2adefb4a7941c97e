package io.rxhealth.haproxy;

import static java.util.Objects.requireNonNull;

import io.netty.channel.Channel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Who gets a connection on the agent-check port, decided at accept before any byte is read:
 * the allow-list, a cap per source address, and a cap on open connections in all.
 *
 * <p>The reply is written at accept, so an open connection is nearly always one that has already
 * been answered and is only waiting for the client's close (an orderly end, see
 * {@link AgentReplyHandler}). Such a connection has had all it needs: when the cap is reached the
 * oldest answered connection is closed to make room, so slow and silent clients can never keep a
 * new check out. Only connections still waiting for a reply (before the first verdict) are never
 * evicted; with the cap full of those, the new connection is refused.
 *
 * <p>Thread-safe: {@link #admit} runs on the accepting event loop, the rest on any.
 */
final class Admission {
    /** What {@link #admit} decided. */
    enum Outcome {
        ADMITTED,
        /** The source is not on the allow-list. */
        DENIED,
        /** The source already has {@code maxPerSource} connections open. */
        OVER_SOURCE_LIMIT,
        /** {@code maxConnections} are open and none of them has been answered yet. */
        FULL
    }

    private final SourceAllowList allow;
    private final int maxConnections;
    private final int maxPerSource;
    private final SinkCounters counters;
    private final AtomicInteger open = new AtomicInteger();
    private final ConcurrentHashMap<InetAddress, Integer> perSource = new ConcurrentHashMap<>();
    // Answered connections in the order they were answered: the first is the one to evict.
    private final LinkedHashSet<Channel> answered = new LinkedHashSet<>();

    Admission(SinkOptions options, SinkCounters counters) {
        this.allow = options.allow();
        this.maxConnections = options.maxConnections();
        this.maxPerSource = options.maxPerSource();
        this.counters = requireNonNull(counters, "counters");
    }

    /** Decides on a connection from {@code source}; an admitted one must be {@link #release released}. */
    Outcome admit(InetSocketAddress source) {
        if (!allow.allows(source)) {
            counters.denied.increment();
            return Outcome.DENIED;
        }
        InetAddress address = source.getAddress();
        boolean[] taken = {false};
        perSource.compute(address, (a, n) -> {
            int count = n == null ? 0 : n;
            if (count >= maxPerSource) {
                return n;
            }
            taken[0] = true;
            return count + 1;
        });
        if (!taken[0]) {
            counters.shed.increment();
            return Outcome.OVER_SOURCE_LIMIT;
        }
        // The evicted connection closes on its own event loop, so for a moment the count may exceed
        // the cap by the evictions in flight; each admission over the cap evicts one.
        if (open.incrementAndGet() > maxConnections && !evictOldestAnswered()) {
            open.decrementAndGet();
            releaseSource(address);
            counters.rejected.increment();
            return Outcome.FULL;
        }
        counters.accepted.increment();
        return Outcome.ADMITTED;
    }

    /** Gives back what {@link #admit} took for a connection from {@code source}, once it has closed. */
    void release(InetSocketAddress source) {
        open.decrementAndGet();
        releaseSource(source.getAddress());
    }

    /** Marks {@code channel} as answered: from now on it may be closed to make room. */
    void answered(Channel channel) {
        synchronized (answered) {
            if (channel.isOpen()) {
                answered.add(channel);
            }
        }
    }

    /** Forgets a closed channel. */
    void closed(Channel channel) {
        synchronized (answered) {
            answered.remove(channel);
        }
    }

    int open() {
        return open.get();
    }

    private boolean evictOldestAnswered() {
        Channel oldest;
        synchronized (answered) {
            Iterator<Channel> it = answered.iterator();
            if (!it.hasNext()) {
                return false;
            }
            oldest = it.next();
            it.remove();
        }
        counters.evicted.increment();
        oldest.close();
        return true;
    }

    private void releaseSource(InetAddress address) {
        perSource.computeIfPresent(address, (a, n) -> n <= 1 ? null : n - 1);
    }
}
