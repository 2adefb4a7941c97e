package io.rxhealth.checks.rabbitmq;

import static java.util.Objects.requireNonNull;

import io.rxhealth.checks.http.WindowThresholds;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One broker the node depends on and the queues to watch on it.
 *
 * @param name      the broker check's name (config, reasons, metrics)
 * @param host      broker host
 * @param port      AMQP port
 * @param virtualHost the vhost, {@code /} by default
 * @param tls       amqps: TLS with the JVM's trust store
 * @param user      the user the probe logs in as
 * @param password  read at connect; a supplier so the secret never lands in a {@code toString()}
 * @param timeout   a reconnect (both connections, TCP and AMQP handshake, a quarter each) and each round trip
 * @param heartbeat the AMQP heartbeat asked of the broker; a dead peer is noticed within two
 * @param window    p95/p99 thresholds of the round-trip time
 * @param queues    the queues, each a check of its own
 * @param management the management plugin's health checks, asked by the broker check, if any
 */
public record RabbitSpec(String name, String host, int port, String virtualHost, boolean tls, String user,
                         Supplier<String> password, Duration timeout, Duration heartbeat, WindowThresholds window,
                         List<QueueSpec> queues, Optional<ManagementSpec> management) {
    /** A broker without the management plugin's health checks. */
    public RabbitSpec(String name, String host, int port, String virtualHost, boolean tls, String user,
                      Supplier<String> password, Duration timeout, Duration heartbeat, WindowThresholds window,
                      List<QueueSpec> queues) {
        this(name, host, port, virtualHost, tls, user, password, timeout, heartbeat, window, queues,
                Optional.empty());
    }

    public RabbitSpec {
        requireNonNull(name, "name");
        requireNonNull(host, "host");
        requireNonNull(virtualHost, "virtualHost");
        requireNonNull(user, "user");
        requireNonNull(password, "password");
        requireNonNull(window, "window");
        queues = List.copyOf(queues);
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port: " + port + " (expected: 1..65535)");
        }
        if (timeout == null || timeout.toMillis() < 4) {
            throw new IllegalArgumentException("timeout: " + timeout + " (expected: >= 4ms)");
        }
        if (heartbeat == null || heartbeat.isNegative() || heartbeat.toSeconds() > 65535) {
            throw new IllegalArgumentException("heartbeat: " + heartbeat + " (expected: 0s..65535s)");
        }
        requireNonNull(management, "management");
        if (management.isPresent() && management.get().timeout().compareTo(timeout) > 0) {
            throw new IllegalArgumentException("management.timeout: " + management.get().timeout().toMillis()
                    + "ms (expected: at most the broker's timeout, " + timeout.toMillis() + "ms)");
        }
    }

    /** {@code host:port}, and the vhost when it is not the default one. */
    public String target() {
        return host + ":" + port + ("/".equals(virtualHost) ? "" : " vhost " + virtualHost);
    }

    @Override
    public String toString() {
        return "RabbitSpec[" + name + " " + target() + " user " + user + "]";
    }
}
