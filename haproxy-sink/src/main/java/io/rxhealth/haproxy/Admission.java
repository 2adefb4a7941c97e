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
 * Who gets a connection on the agent-check port, decided before any byte is read, in two steps. At
 * accept ({@link #admit}): the allow-list and a share per source address, counting the source's
 * connections open and waiting. When the connection is taken out of the {@link WaitingRoom} to be
 * served ({@link #seat}): a cap on open connections in all.
 *
 * <p>The reply is written at accept, so an open connection is nearly always one that has already
 * been answered and is only waiting for the client's close (an orderly end, see
 * {@link AgentReplyHandler}). Such a connection has had all it needs: when the cap is reached the
 * oldest answered connection is closed to make room, so slow and silent clients can never keep a
 * new check out. Only connections still waiting for a reply (before the first verdict) are never
 * evicted; with the cap full of those, the new connection is refused.
 *
 * <p>Thread-safe: {@link #admit} and {@link #seat} run on the accepting event loop, the rest on any.
 */
final class Admission {
    /** What {@link #admit} or {@link #seat} decided. */
    enum Outcome {
        ADMITTED,
        /** The source is not on the allow-list. */
        DENIED,
        /** The source already has {@code maxPerSource} connections open or waiting. */
        OVER_SOURCE_LIMIT,
        /** The waiting room was full and no source in it was heavier than this one. */
        CROWDED,
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

    /**
     * Decides at accept on a connection from {@code source}: the allow-list, then its share. An
     * admitted connection counts against its source until it is {@link #release released} (after a
     * seat) or {@link #leave left} (without one).
     */
    Outcome admit(InetSocketAddress source) {
        if (!allow.allows(source)) {
            counters.denied.increment();
            return Outcome.DENIED;
        }
        boolean[] taken = {false};
        perSource.compute(source.getAddress(), (a, n) -> {
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
        return Outcome.ADMITTED;
    }

    /**
     * Takes one of the {@code maxConnections} for an admitted connection about to be served, closing
     * the oldest answered connection if that is needed to make room. {@link Outcome#FULL} gives the
     * source's share back: the connection must then be closed unserved.
     */
    Outcome seat(InetSocketAddress source) {
        // The evicted connection closes on its own event loop, so for a moment the count may exceed
        // the cap by the evictions in flight; each seat over the cap evicts one.
        if (open.incrementAndGet() > maxConnections && !evictOldestAnswered()) {
            open.decrementAndGet();
            leave(source);
            counters.rejected.increment();
            return Outcome.FULL;
        }
        counters.accepted.increment();
        return Outcome.ADMITTED;
    }

    /** Gives back what {@link #admit} and {@link #seat} took for a connection from {@code source}, once it has closed. */
    void release(InetSocketAddress source) {
        open.decrementAndGet();
        leave(source);
    }

    /** Gives back what {@link #admit} took for a connection closed before it had a {@link #seat}. */
    void leave(InetSocketAddress source) {
        perSource.computeIfPresent(source.getAddress(), (a, n) -> n <= 1 ? null : n - 1);
    }

    /** Gives back an admitted connection the full waiting room turned away, and counts it as shed. */
    void crowdedOut(InetSocketAddress source) {
        leave(source);
        counters.shed.increment();
    }

    /** Connections from {@code source} open or waiting: the order of service in the waiting room. */
    int load(InetAddress source) {
        return perSource.getOrDefault(source, 0);
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
}
