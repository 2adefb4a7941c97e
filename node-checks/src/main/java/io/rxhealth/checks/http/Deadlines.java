package io.rxhealth.checks.http;

import io.rxhealth.weighting.Ticker;
import java.net.HttpURLConnection;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Disconnects a connection still busy at its probe's deadline. The connect and read timeouts
 * of {@link HttpURLConnection} bound each wait, not their sum, and cannot be shortened once the
 * socket is open; closing the socket from here ends a blocked read at once, so the whole probe
 * (connect, headers, body) ends at its timeout. One daemon thread for all endpoints, started on
 * the first probe. Thread-safe.
 */
final class Deadlines {
    // The timer counts System.nanoTime, whatever ticker a test gives the checks: a probe that asks
    // whether its deadline has passed must read the time the timer fires by.
    private final Ticker clock = Ticker.system();
    private ScheduledThreadPoolExecutor timer;

    /** The time base of the deadlines, to compare against the one a probe armed. */
    Ticker clock() {
        return clock;
    }

    /** A deadline of {@code connection}, {@code delayNanos} from now; disarm it when the probe is done. */
    Armed arm(HttpURLConnection connection, long delayNanos) {
        return new Armed(timer().schedule(connection::disconnect, delayNanos, TimeUnit.NANOSECONDS));
    }

    private synchronized ScheduledThreadPoolExecutor timer() {
        if (timer == null) {
            timer = new ScheduledThreadPoolExecutor(1, task -> {
                Thread thread = new Thread(task, "rx-health-http-deadline");
                thread.setDaemon(true);
                return thread;
            });
            // Almost every deadline is disarmed; keep the queue from holding them until they are due.
            timer.setRemoveOnCancelPolicy(true);
        }
        return timer;
    }

    /** One armed deadline. */
    static final class Armed {
        private final ScheduledFuture<?> disconnect;

        private Armed(ScheduledFuture<?> disconnect) {
            this.disconnect = disconnect;
        }

        /**
         * Stops the deadline; false when it already fired (or is firing): the connection is then
         * closed or closing and must neither be read nor reused.
         */
        boolean disarm() {
            return disconnect.cancel(false);
        }
    }
}
