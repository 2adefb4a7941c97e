package io.rxhealth.checks.rabbitmq;

import com.rabbitmq.client.BlockedListener;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.ShutdownSignalException;
import com.rabbitmq.client.impl.ForgivingExceptionHandler;
import java.io.Closeable;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The long-lived AMQP connections of one broker, opened on the first probe and again only after
 * one was lost (never one per probe: brokers and their operators complain about probes that
 * churn connections). Two connections, because a broker resource alarm blocks only connections
 * that publish, and a blocked connection is not read at all: the {@code rpc} connection never
 * publishes and so keeps answering the round trip and the queue declares during an alarm; the
 * {@code alarms} connection publishes one empty, unroutable message per cycle so that the broker
 * tells it, through {@code connection.blocked}, when an alarm blocks publishers — Directum RX's
 * own publishers among them.
 *
 * <p>Recovery is the probe's, not the client's automatic recovery: each cycle finds the link
 * open, or reconnects within the check's timeout and says so. Thread-safe.
 */
final class BrokerLink implements Closeable {
    /** A routing key no queue is bound to: the default exchange drops the message. */
    static final String ALARM_PROBE_KEY = "rx-health.alarm-probe";
    /** The start of the names of the client's threads for this link (heartbeats, deliveries). */
    static final String THREAD_PREFIX = "rx-health-rabbitmq-";
    private static final byte[] EMPTY = new byte[0];

    private final RabbitSpec spec;
    private final ConnectionFactory factory;
    private Connection rpc;
    private Connection alarms;
    private Channel alarmChannel;
    private volatile String blockedReason;
    private volatile String lastLoss;

    BrokerLink(RabbitSpec spec) {
        this.spec = spec;
        this.factory = new ConnectionFactory();
        factory.setHost(spec.host());
        factory.setPort(spec.port());
        factory.setVirtualHost(spec.virtualHost());
        factory.setUsername(spec.user());
        // Two connections, each a TCP connect and a handshake: a quarter of the timeout each, so
        // that a reconnect to a hung broker ends within the timeout.
        int quarter = (int) Math.max(1, spec.timeout().toMillis() / 4);
        factory.setConnectionTimeout(quarter);
        factory.setHandshakeTimeout(quarter);
        factory.setShutdownTimeout(quarter);
        factory.setChannelRpcTimeout((int) Math.max(1, spec.timeout().toMillis()));
        factory.setRequestedHeartbeat((int) spec.heartbeat().toSeconds());
        factory.setAutomaticRecoveryEnabled(false);
        factory.setTopologyRecoveryEnabled(false);
        // Daemon threads (a broker that hangs must not keep the agent from stopping), named so that
        // a thread dump shows whose they are; the client renames its reader "AMQP Connection h:p".
        // The check's result says why a link went; the client's own log line per lost socket
        // would repeat it every cycle while a broker is down.
        factory.setExceptionHandler(new ForgivingExceptionHandler() {
            @Override
            public void handleUnexpectedConnectionDriverException(Connection conn, Throwable exception) {
                // Reported by the next probe.
            }
        });
        AtomicInteger threads = new AtomicInteger();
        factory.setThreadFactory(task -> {
            Thread t = new Thread(task, THREAD_PREFIX + spec.name() + "-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** The open RPC connection, reconnecting both when either is gone. */
    synchronized Connection connect() throws IOException, TimeoutException {
        if (rpc != null && rpc.isOpen() && alarms != null && alarms.isOpen()) {
            return rpc;
        }
        abortAll(false);
        factory.setPassword(spec.password().get());
        if (spec.tls()) {
            try {
                factory.useSslProtocol(javax.net.ssl.SSLContext.getDefault());
                factory.enableHostnameVerification();
            } catch (GeneralSecurityException e) {
                throw new IOException("TLS: " + e.getMessage(), e);
            }
        }
        try {
            Connection r = factory.newConnection("rx-health-agent");
            r.addShutdownListener(this::lost);
            rpc = r;
            Connection a = factory.newConnection("rx-health-agent alarms");
            a.addShutdownListener(this::lost);
            a.addBlockedListener(new BlockedListener() {
                @Override
                public void handleBlocked(String reason) {
                    blockedReason = reason == null || reason.isBlank() ? "a resource alarm" : reason;
                }

                @Override
                public void handleUnblocked() {
                    blockedReason = null;
                }
            });
            alarms = a;
            alarmChannel = a.createChannel();
            blockedReason = null;
            return rpc;
        } finally {
            // The password stays in the factory no longer than a connect.
            factory.setPassword("");
        }
    }

    /** The RPC connection if it is open, else null; never connects. */
    synchronized Connection current() {
        return rpc != null && rpc.isOpen() ? rpc : null;
    }

    /** The broker's words for the alarm blocking publishers ("low on memory"), or null. */
    String blocked() {
        return blockedReason;
    }

    /** Why the last connection went away, or null when none was lost since the last read. */
    String takeLastLoss() {
        String loss = lastLoss;
        lastLoss = null;
        return loss;
    }

    /** One empty unroutable publish on the alarms connection, so an alarm shows as blocked. */
    synchronized void publishAlarmProbe() throws IOException {
        if (blockedReason == null && alarmChannel != null && alarmChannel.isOpen()) {
            alarmChannel.basicPublish("", ALARM_PROBE_KEY, null, EMPTY);
        }
    }

    /**
     * Drops both connections; the next probe reconnects. {@code hung}: the broker let a round trip
     * run out its timeout, so the close is sent without waiting for its answer (that wait, twice,
     * would hold the probe past its timeout); otherwise the broker gets half the timeout to answer.
     */
    synchronized void abortAll(boolean hung) {
        int wait = hung ? 0 : (int) Math.max(1, spec.timeout().toMillis() / 2);
        if (rpc != null) {
            rpc.abort(wait);
        }
        if (alarms != null) {
            alarms.abort(wait);
        }
        rpc = null;
        alarms = null;
        alarmChannel = null;
        blockedReason = null;
    }

    private void lost(ShutdownSignalException cause) {
        if (!cause.isInitiatedByApplication()) {
            lastLoss = BrokerFailures.lost(cause);
        }
    }

    @Override
    public void close() {
        abortAll(false);
    }
}
