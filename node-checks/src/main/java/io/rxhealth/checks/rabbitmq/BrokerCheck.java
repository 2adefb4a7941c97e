package io.rxhealth.checks.rabbitmq;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ChannelContinuationTimeoutException;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import io.rxhealth.checks.http.Finding;
import io.rxhealth.checks.http.Probe;
import io.rxhealth.checks.http.ProbeWindow;
import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Level;
import io.rxhealth.weighting.Ticker;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * The broker itself: connected (reconnecting when the link was lost), not blocked by a resource
 * alarm, and answering a cheap round trip (a passive declare of {@code amq.direct}, which every
 * vhost has) whose time feeds a p95/p99 window. Every failure is a CRIT result in an operator's
 * words; the check does not throw for the broker's fault. Where configured, the management plugin's
 * health checks are asked beside it, and a failed one is a WARN: they only lower the weight.
 */
final class BrokerCheck implements Check {
    private static final String ROUND_TRIP_EXCHANGE = "amq.direct";

    private final RabbitSpec spec;
    private final BrokerLink link;
    private final Ticker ticker;
    private final ProbeWindow window;
    private final ManagementProbe management;
    private Channel channel;

    /** {@code management}: the plugin's health checks, or null when none are configured. */
    BrokerCheck(RabbitSpec spec, BrokerLink link, Ticker ticker, ManagementProbe management) {
        this.spec = spec;
        this.link = link;
        this.ticker = ticker;
        this.window = new ProbeWindow(spec.window().window());
        this.management = management;
    }

    @Override
    public String name() {
        return spec.name();
    }

    @Override
    public synchronized CheckResult run() {
        // Sent first, answered while the AMQP probe runs; each ends within its own timeout.
        List<CompletableFuture<Finding>> health = management == null ? List.of() : management.start();
        CheckResult amqp = amqp();
        if (health.isEmpty()) {
            return amqp;
        }
        List<Finding> parts = new ArrayList<>();
        parts.add(new Finding(amqp.level(), amqp.detail()));
        parts.addAll(ManagementProbe.collect(health));
        return combine(parts);
    }

    private CheckResult amqp() {
        Connection connection;
        try {
            connection = link.connect();
        } catch (IOException | TimeoutException | RuntimeException e) {
            channel = null;
            String loss = link.takeLastLoss();
            String detail = BrokerFailures.connect(e, spec.target(), spec.user(), spec.timeout());
            return result(Probe.unreachable(), new Finding(Level.CRIT,
                    loss == null ? detail : loss + "; reconnect: " + detail));
        }
        String loss = link.takeLastLoss();
        String blocked = link.blocked();
        if (blocked != null) {
            return result(null, new Finding(Level.CRIT, "connection blocked by the broker: " + blocked
                    + " (publishers wait until the alarm clears)"));
        }
        long start = ticker.nanos();
        try {
            if (channel == null || !channel.isOpen()) {
                channel = connection.createChannel();
            }
            channel.exchangeDeclarePassive(ROUND_TRIP_EXCHANGE);
            long took = ticker.nanos() - start;
            link.publishAlarmProbe();
            String head = "connected to " + spec.target() + " (round trip " + took / 1_000_000 + " ms)";
            return result(Probe.measured(true, took),
                    new Finding(Level.OK, loss == null ? head : head + ", reconnected after " + loss));
        } catch (IOException | ShutdownSignalException e) {
            channel = null;
            if (timedOut(e)) {
                // The broker accepted the request and never answered: drop the link, reconnect next cycle.
                link.abortAll(true);
                return result(Probe.measured(false, ticker.nanos() - start), new Finding(Level.CRIT,
                        "no answer within " + spec.timeout().toMillis() + " ms from " + spec.target()));
            }
            String why = e instanceof ShutdownSignalException s ? BrokerFailures.lost(s)
                    : e.getCause() instanceof ShutdownSignalException s ? BrokerFailures.lost(s)
                    : "connection lost";
            return result(Probe.unreachable(), new Finding(Level.CRIT, why));
        }
    }

    static boolean timedOut(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ChannelContinuationTimeoutException || t instanceof TimeoutException) {
                return true;
            }
        }
        return false;
    }

    private CheckResult result(Probe probe, Finding head) {
        List<Finding> parts = new ArrayList<>();
        parts.add(head);
        if (probe != null) {
            window.record(probe);
            for (Finding f : spec.window().evaluate(window.stats())) {
                parts.add(new Finding(f.level(), "round trip " + f.detail()));
            }
        }
        return combine(parts);
    }

    /** Worst first, stable: the AMQP line leads among equals. */
    private CheckResult combine(List<Finding> parts) {
        List<Finding> sorted = new ArrayList<>(parts);
        sorted.sort(Comparator.comparing(Finding::level).reversed());
        return new CheckResult(spec.name(), sorted.get(0).level(),
                sorted.stream().map(Finding::detail).collect(Collectors.joining("; ")));
    }
}
