package io.rxhealth.haproxy;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/** The server's live counters and its connection-slot count, shared by all connections. */
final class SinkCounters {
    private final int maxConnections;
    private final AtomicInteger active = new AtomicInteger();
    final LongAdder accepted = new LongAdder();
    final LongAdder rejected = new LongAdder();
    final LongAdder replied = new LongAdder();
    final LongAdder timedOut = new LongAdder();
    final LongAdder oversized = new LongAdder();
    final LongAdder errors = new LongAdder();

    SinkCounters(int maxConnections) {
        this.maxConnections = maxConnections;
    }

    /** Takes a connection slot, counting the connection as accepted or rejected. */
    boolean tryAcquire() {
        if (active.incrementAndGet() > maxConnections) {
            active.decrementAndGet();
            rejected.increment();
            return false;
        }
        accepted.increment();
        return true;
    }

    void release() {
        active.decrementAndGet();
    }

    SinkStats snapshot() {
        return new SinkStats(accepted.sum(), rejected.sum(), replied.sum(), timedOut.sum(),
                oversized.sum(), errors.sum(), active.get());
    }
}
