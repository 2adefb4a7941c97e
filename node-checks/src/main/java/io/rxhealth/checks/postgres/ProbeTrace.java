package io.rxhealth.checks.postgres;

import java.io.IOException;
import java.net.Socket;
import java.net.SocketAddress;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import io.rxhealth.weighting.Ticker;

/**
 * What one probe has opened and how far it got: the sockets the driver asked for (through
 * {@link ProbeSocketFactory}), the time of each TCP connect, and the connection once logged in. At
 * the probe's deadline {@link #expire()} closes all of them from the timer thread, which ends any
 * read or write the driver is blocked in at once: a hung server holds the probe's thread no longer
 * than the deadline, whatever the driver's own timeouts do.
 */
final class ProbeTrace {
    private static final Executor CLOSE_IN_PLACE = Runnable::run;

    private final Ticker ticker;
    private final List<Socket> sockets = new ArrayList<>(2);
    private Connection connection;
    private boolean expired;
    private Stage stage = Stage.RESOLVE;
    private long connectNanos;
    private SocketAddress lastAddress;

    ProbeTrace(Ticker ticker) {
        this.ticker = ticker;
    }

    Ticker ticker() {
        return ticker;
    }

    synchronized Stage stage() {
        return stage;
    }

    synchronized void enter(Stage next) {
        stage = next;
    }

    synchronized boolean expired() {
        return expired;
    }

    /** TCP connect time summed over the hosts tried; 0 before the first connect. */
    synchronized long connectNanos() {
        return connectNanos;
    }

    /** The address of the host connected last (with a multi-host URL, the one logged in to). */
    synchronized SocketAddress lastAddress() {
        return lastAddress;
    }

    /** A new socket of the driver's; closed at once when the probe has already expired. */
    void opened(Socket socket) throws IOException {
        synchronized (this) {
            if (!expired) {
                sockets.add(socket);
                return;
            }
        }
        socket.close();
    }

    synchronized void connecting() {
        stage = Stage.CONNECT;
    }

    synchronized void connected(SocketAddress address, long nanos) {
        connectNanos += nanos;
        lastAddress = address;
        stage = Stage.LOGIN;
    }

    /** The logged-in connection, aborted at the deadline; false when the deadline has passed already. */
    synchronized boolean attach(Connection c) {
        if (expired) {
            return false;
        }
        connection = c;
        return true;
    }

    /** The deadline: mark expired and close everything the probe holds. */
    void expire() {
        List<Socket> toClose;
        Connection toAbort;
        synchronized (this) {
            expired = true;
            toClose = List.copyOf(sockets);
            toAbort = connection;
        }
        if (toAbort != null) {
            try {
                toAbort.abort(CLOSE_IN_PLACE);
            } catch (Exception | LinkageError e) {
                // The sockets below are closed anyway.
            }
        }
        for (Socket s : toClose) {
            try {
                s.close();
            } catch (IOException e) {
                // Closing is all that is asked; a socket that fails to close is already gone.
            }
        }
    }
}
