package io.rxhealth.ovs.health;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Ticker;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Runs every member's liveness probe every {@code interval}, spread over it, each bounded by
 * {@code timeout}, and hands each result to a listener. One selector thread drives every probe
 * ({@link ExchangeLoop}): a member that does not answer costs a timer until its timeout, not a
 * thread, so a segment going dark is seen within {@code fall} intervals however many members it
 * holds. At most {@code maxInFlight} probes are open at once.
 *
 * <p>Listener calls come from the selector thread and must be quick; the listener never sees an
 * exception, and one it throws is logged.
 */
public final class ProbeScheduler implements AutoCloseable {
    /** Receives every probe result, on the selector thread. */
    @FunctionalInterface
    public interface Listener {
        void onProbe(String key, ProbeResult result);

        /** {@code openedAt}: ticker nanos of the probe's connect, for a listener that asks what crossed when. */
        default void onProbe(String key, ProbeResult result, long openedAt) {
            onProbe(key, result);
        }
    }

    private final ExchangeLoop loop;

    public ProbeScheduler(List<ProbeTarget> targets, Duration interval, Duration timeout, int maxInFlight,
                          Listener listener, Ticker ticker) {
        this(targets, interval, timeout, maxInFlight, listener, StartLag.NONE, ticker);
    }

    /** {@code lag} is told how late each probe was opened against its schedule. */
    public ProbeScheduler(List<ProbeTarget> targets, Duration interval, Duration timeout, int maxInFlight,
                          Listener listener, StartLag lag, Ticker ticker) {
        List<ProbeTarget> all = List.copyOf(targets);
        requireNonNull(listener, "listener");
        byte[][] requests = all.stream().map(ProbeTarget::request).toArray(byte[][]::new);
        long timeoutNanos = timeout.toNanos();
        this.loop = new ExchangeLoop("rx-probes", all.size(), interval, timeout, maxInFlight,
                (i, deadline) -> probe(all.get(i), requests[i], deadline, deadline - timeoutNanos, listener), lag, ticker);
    }

    private static LineExchange probe(ProbeTarget target, byte[] request, long deadline, long openedAt,
                                      Listener listener) {
        return new LineExchange(target.target(), target.source(), request, target.readsLine(),
                ProbeTarget.MAX_STATUS_LINE, deadline, new LineExchange.Outcome() {
                    @Override
                    public void answered(String line) {
                        listener.onProbe(target.key(), target.judge(line), openedAt);
                    }

                    @Override
                    public void failed(AgentFailure failure, String detail) {
                        listener.onProbe(target.key(),
                                ProbeResult.fail(failure.name().toLowerCase(Locale.ROOT) + ": " + detail), openedAt);
                    }
                });
    }

    /** Probes every member once over {@link #firstRound()}, then every interval, spread evenly over it. */
    public void start() {
        loop.start();
    }

    /** The time the first round is opened over (the first exchanges' spread); each then has its timeout. */
    public Duration firstRound() {
        return loop.firstRound();
    }

    /** Waits until every member has been probed once (or the wait is over); true if all were. */
    public boolean awaitFirstRound(Duration wait) throws InterruptedException {
        return loop.awaitFirstRound(wait);
    }

    /** Probes open right now. */
    public int inFlight() {
        return loop.inFlight();
    }

    @Override
    public void close() {
        loop.close();
    }
}
