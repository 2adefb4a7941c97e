package io.rxhealth.ovs.flow;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Lets applies go first at the switch: a read-back request waits while an apply is in flight.
 * ovs-vswitchd takes the messages of its connections in turns, a batch of one connection's then
 * the next's, and serves a statistics request whole; a read request taken between a bundle's
 * batches adds its whole time to the bundle's, again at every batch while reads keep coming
 * (docs/PERFORMANCE.md, "Agent reply change → table 11 updated"). A read waits at most the
 * patience it is given, then goes ahead, so a stuck apply cannot stop the read-back.
 */
final class ApplyTurns {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition idle = lock.newCondition();
    /** Guarded by {@link #lock}. */
    private int applying;

    void applyStarted() {
        lock.lock();
        try {
            applying++;
        } finally {
            lock.unlock();
        }
    }

    void applyEnded() {
        lock.lock();
        try {
            if (applying == 0) {
                throw new IllegalStateException("applyEnded without applyStarted (expected: one per apply)");
            }
            applying--;
            if (applying == 0) {
                idle.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Waits until no apply is in flight, at most {@code nanos}; false when one still was. */
    boolean awaitIdle(long nanos) throws InterruptedException {
        lock.lock();
        try {
            long left = nanos;
            while (applying > 0) {
                if (left <= 0) {
                    return false;
                }
                left = idle.awaitNanos(left);
            }
            return true;
        } finally {
            lock.unlock();
        }
    }
}
