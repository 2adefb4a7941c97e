package io.rxhealth.checks.rabbitmq;

import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.Ticker;
import java.io.Closeable;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the RabbitMQ checks of one broker and owns its link: the broker check first (it connects
 * and reconnects), then one check per queue on the same link. The only entry of this package the
 * agent names, so the AMQP client's classes load when a config has a RabbitMQ check and not before.
 */
public final class RabbitChecks implements Closeable {
    private final List<BrokerLink> links = new ArrayList<>();
    private final Ticker ticker;

    public RabbitChecks(Ticker ticker) {
        this.ticker = ticker;
    }

    /** The broker check, then the queue checks, in the spec's order. */
    public synchronized List<Check> create(RabbitSpec spec) {
        BrokerLink link = new BrokerLink(spec);
        links.add(link);
        List<Check> checks = new ArrayList<>();
        checks.add(new BrokerCheck(spec, link, ticker,
                spec.management().map(m -> new ManagementProbe(spec, m)).orElse(null)));
        for (QueueSpec q : spec.queues()) {
            checks.add(new QueueCheck(spec, q, link));
        }
        return checks;
    }

    @Override
    public synchronized void close() {
        for (BrokerLink link : links) {
            link.close();
        }
        links.clear();
    }
}
