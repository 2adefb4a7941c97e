package io.rxhealth.checks.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import java.io.IOException;
import java.util.Optional;

/**
 * One queue, by a passive declare on the broker's link (ready messages and consumers, nothing
 * created): missing is CRIT, stuck by the {@link Backlog} rule is WARN. It never connects: when
 * the link is down the broker check says why, and this one is UNKNOWN ("not probed").
 */
final class QueueCheck implements Check {
    private final RabbitSpec broker;
    private final QueueSpec spec;
    private final BrokerLink link;
    private Channel channel;
    private Backlog backlog = Backlog.START;

    QueueCheck(RabbitSpec broker, QueueSpec spec, BrokerLink link) {
        this.broker = broker;
        this.spec = spec;
        this.link = link;
    }

    @Override
    public String name() {
        return spec.checkName();
    }

    @Override
    public synchronized CheckResult run() {
        Connection connection = link.current();
        if (connection == null) {
            channel = null;
            return CheckResult.unknown(name(), "not probed: no connection to " + broker.target());
        }
        AMQP.Queue.DeclareOk ok;
        try {
            if (channel == null || !channel.isOpen()) {
                channel = connection.createChannel();
            }
            ok = channel.queueDeclarePassive(spec.queue());
        } catch (IOException | ShutdownSignalException e) {
            channel = null;
            if (BrokerFailures.notFound(e)) {
                backlog = Backlog.START;
                return CheckResult.crit(name(), "queue " + spec.queue() + " does not exist on " + broker.target());
            }
            if (BrokerCheck.timedOut(e)) {
                return CheckResult.unknown(name(), "not probed: no answer within " + broker.timeout().toMillis()
                        + " ms from " + broker.target());
            }
            return CheckResult.unknown(name(), "not probed: connection to " + broker.target() + " lost");
        }
        long ready = ok.getMessageCount();
        int consumers = ok.getConsumerCount();
        backlog = backlog.next(ready, consumers);
        Optional<String> stuck = backlog.stuck(spec, ready, consumers);
        if (stuck.isPresent()) {
            return CheckResult.warn(name(), "queue " + spec.queue() + " stuck: " + stuck.get());
        }
        return CheckResult.ok(name(), "queue " + spec.queue() + ": " + ready + " ready, " + consumers
                + (consumers == 1 ? " consumer" : " consumers"));
    }
}
