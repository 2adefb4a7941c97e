package io.rxhealth.ovs.openflow;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One persistent OpenFlow 1.4 connection to a switch's unix socket, for one kind of call: opened
 * at the first call, kept, and opened anew after any failure (a restarted switch shows as a
 * closed connection before the call). One call at a time: {@link #lock} waits for the previous
 * one within the caller's deadline. Failures name {@code what} ({@code OpenFlow bundle},
 * {@code OpenFlow flow statistics}) and the switch.
 */
final class OfSession implements AutoCloseable {
    private final String what;
    private final String target;
    private final Path socket;
    private final Duration timeout;
    private final Ticker ticker;
    private final ReentrantLock lock = new ReentrantLock();
    /** Guarded by {@link #lock}. */
    private OfConnection connection;
    private boolean closed;

    OfSession(String what, String target, Path socket, Duration timeout, Ticker ticker) {
        this.what = requireNonNull(what, "what");
        this.target = requireNonNull(target, "target");
        this.socket = requireNonNull(socket, "socket");
        this.timeout = requireNonNull(timeout, "timeout");
        this.ticker = requireNonNull(ticker, "ticker");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout: " + timeout + " (expected: > 0)");
        }
    }

    /** The deadline of a call that starts now, on the session's ticker. */
    long deadline() {
        return ticker.nanos() + timeout.toNanos();
    }

    Duration timeout() {
        return timeout;
    }

    /** Takes the session for one call; the caller unlocks it in a finally block. */
    void lock() throws OpenFlowException {
        try {
            if (!lock.tryLock(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                throw failure("another call held the connection for " + timeout, OpenFlowException.Failure.TIMED_OUT, null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failure("interrupted", OpenFlowException.Failure.NOT_MADE, e);
        }
    }

    void unlock() {
        lock.unlock();
    }

    /** True when a connection is open and still looks alive: a failure on it is worth one retry on a new one. */
    boolean reusable() {
        return connection != null && connection.stillOpen();
    }

    /** The open connection, or a new one. Call with the session locked. */
    OfConnection connected(long deadline) throws OpenFlowException {
        if (closed) {
            throw failure("closed", OpenFlowException.Failure.NOT_MADE, null);
        }
        if (connection != null && connection.stillOpen()) {
            return connection;
        }
        drop();
        try {
            connection = OfConnection.open(socket, ticker, deadline);
            return connection;
        } catch (OpenFlowVersionException e) {
            throw failure("the switch refused OpenFlow 1.4 (" + e.getMessage()
                    + "); the bridge needs protocols=...,OpenFlow14", OpenFlowException.Failure.REFUSED, e);
        } catch (TimeoutException e) {
            throw failure("no hello within " + timeout, OpenFlowException.Failure.TIMED_OUT, e);
        } catch (IOException e) {
            throw failure("cannot connect to " + socket + ": " + e.getMessage(), OpenFlowException.Failure.NOT_MADE, e);
        }
    }

    /** Closes the connection after a failure; the next call opens a new one. */
    void drop() {
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }

    OpenFlowException failure(String message, OpenFlowException.Failure failure, Throwable cause) {
        return new OpenFlowException(what + " " + target + ": " + message, failure, cause);
    }

    /** Closes the connection; later calls fail. Waits up to the timeout for a call in progress. */
    @Override
    public void close() {
        boolean locked = false;
        try {
            locked = lock.tryLock(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closed = true;
        drop();
        if (locked) {
            lock.unlock();
        }
    }
}
