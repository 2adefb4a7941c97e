package io.rxhealth.ovs.health;

import static java.util.Objects.requireNonNull;

import io.rxhealth.weighting.Ticker;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * Polls agent-check servers the way HAProxy does (connect, optional agent-send, read one line,
 * close), every {@code interval}, each poll bounded by {@code timeout} from connect to line end.
 * One selector thread drives every poll ({@link ExchangeLoop}); at most {@code maxInFlight} are
 * open at once.
 *
 * <p>Listener calls come from the selector thread and must be quick; one that throws is logged.
 */
public final class AgentPoller implements AutoCloseable {
    /** Receives each poll's outcome on the selector thread. */
    public interface Listener {
        void onReply(String key, String line);

        void onFailure(String key, AgentFailure failure, String detail);
    }

    private final ExchangeLoop loop;

    public AgentPoller(List<AgentTarget> targets, Duration interval, Duration timeout, int maxInFlight,
                       Listener listener, Ticker ticker) {
        this(targets, interval, timeout, maxInFlight, listener, StartLag.NONE, ticker);
    }

    /** {@code lag} is told how late each poll was opened against its schedule. */
    public AgentPoller(List<AgentTarget> targets, Duration interval, Duration timeout, int maxInFlight,
                       Listener listener, StartLag lag, Ticker ticker) {
        List<AgentTarget> all = List.copyOf(targets);
        requireNonNull(listener, "listener");
        // agent-send goes out byte for byte; Latin-1 maps every char of the config string to one byte.
        byte[][] sends = all.stream().map(t -> t.send().getBytes(StandardCharsets.ISO_8859_1)).toArray(byte[][]::new);
        this.loop = new ExchangeLoop("rx-agent-poller", all.size(), interval, timeout, maxInFlight,
                (i, deadline) -> poll(all.get(i), sends[i], deadline, listener), lag, ticker);
    }

    private static LineExchange poll(AgentTarget target, byte[] send, long deadline, Listener listener) {
        return new LineExchange(target.agent(), target.source(), send, true, LineExchange.MAX_LINE, deadline,
                new LineExchange.Outcome() {
                    @Override
                    public void answered(String line) {
                        listener.onReply(target.key(), line);
                    }

                    @Override
                    public void failed(AgentFailure failure, String detail) {
                        listener.onFailure(target.key(), failure, detail);
                    }
                });
    }

    /** Polls every agent once over {@link #firstRound()}, then every interval, spread evenly over it. */
    public void start() {
        loop.start();
    }

    /** The time the first round is opened over (the first exchanges' spread); each then has its timeout. */
    public Duration firstRound() {
        return loop.firstRound();
    }

    /** Waits until every agent has been polled once (or the wait is over); true if all were. */
    public boolean awaitFirstRound(Duration wait) throws InterruptedException {
        return loop.awaitFirstRound(wait);
    }

    /** Polls open right now. */
    public int inFlight() {
        return loop.inFlight();
    }

    @Override
    public void close() {
        loop.close();
    }
}
