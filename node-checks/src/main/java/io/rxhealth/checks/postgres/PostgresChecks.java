package io.rxhealth.checks.postgres;

import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.Ticker;
import java.io.Closeable;
import java.time.InstantSource;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * Builds the PostgreSQL checks and owns what they share: one driver instance and the one daemon
 * thread that closes a probe's sockets at its deadline. The only entry of this package the agent
 * names, so the driver's classes load when a config has a PostgreSQL check and not before.
 */
public final class PostgresChecks implements Closeable {
    private final org.postgresql.Driver driver = new org.postgresql.Driver();
    private final ScheduledThreadPoolExecutor timer;
    private final Ticker ticker;

    public PostgresChecks(Ticker ticker) {
        this.ticker = ticker;
        this.timer = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "rx-health-postgres-deadline");
            thread.setDaemon(true);
            return thread;
        });
        // Almost every deadline is cancelled: keep them from piling up in the queue.
        timer.setRemoveOnCancelPolicy(true);
    }

    /** A check of {@code spec}; its failures read "auth failed for user rx", never a class name. */
    public Check create(PostgresSpec spec, InstantSource wall) {
        return new PostgresCheck(spec, driver, timer, ticker);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
