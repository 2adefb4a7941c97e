package io.rxhealth.checks.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.rxhealth.checks.http.WindowThresholds;
import io.rxhealth.weighting.Check;
import io.rxhealth.weighting.CheckResult;
import io.rxhealth.weighting.Level;
import io.rxhealth.weighting.Ticker;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The RabbitMQ checks against a private node from Debian's package, one node for the class: each
 * scenario asserts the level and the reason an operator reads.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RabbitChecksIT {
    private static final String QUEUE = "rx.jobs";
    private static final Duration TIMEOUT = Duration.ofMillis(2000);
    private static RabbitServer server;
    private static RabbitChecks checks;
    private static Check broker;
    private static Check queue;
    private static Connection admin;

    @BeforeAll
    static void startBroker() throws Exception {
        server = RabbitServer.start();
        checks = new RabbitChecks(Ticker.system());
        List<Check> built = checks.create(spec(RabbitServer.PASSWORD, List.of(new QueueSpec("rabbitmq-queue:" + QUEUE,
                QUEUE, OptionalLong.of(6), OptionalInt.of(3)))));
        broker = built.get(0);
        queue = built.get(1);
        ConnectionFactory f = new ConnectionFactory();
        f.setHost("127.0.0.1");
        f.setPort(server.port());
        f.setUsername(RabbitServer.USER);
        f.setPassword(RabbitServer.PASSWORD);
        admin = f.newConnection("test admin");
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (admin != null) {
            admin.abort(500);
        }
        if (checks != null) {
            checks.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private static RabbitSpec spec(String password, List<QueueSpec> queues) {
        return new RabbitSpec("rabbitmq", "127.0.0.1", server.port(), "/", false, RabbitServer.USER, () -> password,
                TIMEOUT, Duration.ofSeconds(5), WindowThresholds.defaults(), queues);
    }

    private static Channel channel() throws Exception {
        return admin.createChannel();
    }

    @Test
    @Order(1)
    void healthyBrokerAndQueue() throws Exception {
        try (Channel ch = channel()) {
            ch.queueDeclare(QUEUE, false, false, false, null);
        }
        CheckResult b = broker.run();
        assertThat(b.level()).as(b.detail()).isEqualTo(Level.OK);
        assertThat(b.detail()).startsWith("connected to 127.0.0.1:" + server.port() + " (round trip ");
        CheckResult q = queue.run();
        assertThat(q).isEqualTo(CheckResult.ok("rabbitmq-queue:" + QUEUE, "queue rx.jobs: 0 ready, 0 consumers"));
    }

    @Test
    @Order(2)
    void wrongPasswordIsAnAuthFailure() throws Exception {
        try (RabbitChecks other = new RabbitChecks(Ticker.system())) {
            CheckResult r = other.create(spec("not-the-password", List.of())).get(0).run();
            assertThat(r.level()).isEqualTo(Level.CRIT);
            assertThat(r.detail()).isEqualTo("auth failed for user rx");
        }
    }

    @Test
    @Order(3)
    void queueFillingWithNoConsumerIsStuck() throws Exception {
        try (Channel ch = channel()) {
            assertThat(queue.run().level()).isEqualTo(Level.OK);
            for (int i = 1; i <= 3; i++) {
                ch.basicPublish("", QUEUE, null, ("job " + i).getBytes(StandardCharsets.UTF_8));
                awaitReady(ch, i);
                CheckResult r = queue.run();
                if (i < 3) {
                    assertThat(r.level()).as(r.detail()).isEqualTo(Level.OK);
                } else {
                    assertThat(r).isEqualTo(CheckResult.warn("rabbitmq-queue:" + QUEUE,
                            "queue rx.jobs stuck: ready rising for 3 cycles (0 -> 3) with no consumer"));
                }
            }
            for (int i = 4; i <= 6; i++) {
                ch.basicPublish("", QUEUE, null, ("job " + i).getBytes(StandardCharsets.UTF_8));
            }
            awaitReady(ch, 6);
            assertThat(queue.run()).isEqualTo(CheckResult.warn("rabbitmq-queue:" + QUEUE,
                    "queue rx.jobs stuck: 6 ready (max 6), 0 consumers"));
            ch.queuePurge(QUEUE);
            assertThat(queue.run().level()).isEqualTo(Level.OK);
        }
    }

    @Test
    @Order(4)
    void deletedQueueIsMissing() throws Exception {
        try (Channel ch = channel()) {
            ch.queueDelete(QUEUE);
        }
        assertThat(queue.run()).isEqualTo(CheckResult.crit("rabbitmq-queue:" + QUEUE,
                "queue rx.jobs does not exist on 127.0.0.1:" + server.port()));
        // The same channel-closing 404 again, then back once the queue is.
        assertThat(queue.run().level()).isEqualTo(Level.CRIT);
        try (Channel ch = channel()) {
            ch.queueDeclare(QUEUE, false, false, false, null);
        }
        assertThat(queue.run().level()).isEqualTo(Level.OK);
    }

    @Test
    @Order(5)
    void memoryAlarmBlocksTheConnection() throws Exception {
        assertThat(broker.run().level()).isEqualTo(Level.OK);
        server.ctl("set_vm_memory_high_watermark", "0.0000001");
        try {
            CheckResult blocked = runUntil(broker, r -> r.level() == Level.CRIT, Duration.ofSeconds(30));
            assertThat(blocked.detail()).startsWith("connection blocked by the broker: low on memory");
            // The queue probes use the connection that never publishes: they still answer.
            CheckResult q = queue.run();
            assertThat(q.level()).as(q.detail()).isEqualTo(Level.OK);
        } finally {
            server.ctl("set_vm_memory_high_watermark", "0.4");
        }
        CheckResult back = runUntil(broker, r -> r.level() == Level.OK, Duration.ofSeconds(30));
        assertThat(back.detail()).startsWith("connected to ");
    }

    @Test
    @Order(6)
    void brokerStoppedAndRestartedReconnectsByItself() throws Exception {
        assertThat(broker.run().level()).isEqualTo(Level.OK);
        admin.abort(500);
        admin = null;
        server.stop();
        CheckResult down = runUntil(broker, r -> r.level() == Level.CRIT, Duration.ofSeconds(10));
        assertThat(down.detail()).contains("connection refused by 127.0.0.1:" + server.port());
        assertThat(queue.run()).isEqualTo(CheckResult.unknown("rabbitmq-queue:" + QUEUE,
                "not probed: no connection to 127.0.0.1:" + server.port()));
        server.launch();
        CheckResult back = runUntil(broker, r -> r.level() == Level.OK, Duration.ofSeconds(30));
        assertThat(back.detail()).startsWith("connected to 127.0.0.1:" + server.port());
        // The queue was not durable: after the restart it is gone, and the check says so.
        CheckResult q = queue.run();
        assertThat(q.detail()).isEqualTo("queue rx.jobs does not exist on 127.0.0.1:" + server.port());
    }

    @Test
    @Order(7)
    void hungBrokerFailsWithinTheTimeoutHoldsNoThreadAndRecovers() throws Exception {
        CheckResult ok = runUntil(broker, r -> r.level() == Level.OK, Duration.ofSeconds(10));
        assertThat(clientThreads()).as("the link's reader threads").isPositive();
        server.pause();
        try {
            // The open link: the round trip is sent and never answered.
            long start = System.nanoTime();
            CheckResult hung = broker.run();
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertThat(hung).isEqualTo(CheckResult.crit("rabbitmq", "no answer within 2000 ms from 127.0.0.1:"
                    + server.port()));
            assertThat(took).isBetween(TIMEOUT, TIMEOUT.plusMillis(400));
            // The link was dropped with the round trip: none of its threads lives on.
            awaitNoClientThreads(Duration.ofMillis(500));
            assertThat(queue.run()).isEqualTo(CheckResult.unknown("rabbitmq-queue:" + QUEUE,
                    "not probed: no connection to 127.0.0.1:" + server.port()));

            // The next cycles reconnect: the kernel still accepts, the handshake is never answered.
            for (int cycle = 0; cycle < 2; cycle++) {
                start = System.nanoTime();
                CheckResult again = broker.run();
                took = Duration.ofNanos(System.nanoTime() - start);
                assertThat(again).isEqualTo(CheckResult.crit("rabbitmq", "connect timeout after 500 ms (127.0.0.1:"
                        + server.port() + ")"));
                assertThat(took).isLessThan(TIMEOUT);
                awaitNoClientThreads(Duration.ofMillis(500));
            }
        } finally {
            server.resume();
        }
        CheckResult back = runUntil(broker, r -> r.level() == Level.OK, Duration.ofSeconds(30));
        assertThat(back.detail()).startsWith("connected to 127.0.0.1:" + server.port());
    }

    @Test
    @Order(8)
    void managementHealthChecksOnlyLowerTheWeight() throws Exception {
        String base = "http://127.0.0.1:" + server.managementPort();
        try (RabbitChecks withPlugin = new RabbitChecks(Ticker.system())) {
            Check healthy = withPlugin.create(managed(base, "local-alarms", "port-listener/" + server.port())).get(0);
            CheckResult ok = runUntil(healthy, r -> r.level() == Level.OK, Duration.ofSeconds(30));
            assertThat(ok.detail()).startsWith("connected to 127.0.0.1:" + server.port())
                    .endsWith("; management local-alarms, port-listener/" + server.port() + " ok");

            // A listener the node does not have: the broker answers 503, the check is WARN, AMQP is fine.
            Check noMqtt = withPlugin.create(managed(base, "protocol-listener/mqtt")).get(0);
            CheckResult warn = noMqtt.run();
            assertThat(warn.level()).as(warn.detail()).isEqualTo(Level.WARN);
            assertThat(warn.detail()).startsWith("management protocol-listener/mqtt: No active listener; connected to "
                    + "127.0.0.1:" + server.port() + " (round trip ");

            server.ctl("set_vm_memory_high_watermark", "0.0000001");
            try {
                CheckResult alarm = runUntil(healthy, r -> r.detail().contains("management local-alarms: "),
                        Duration.ofSeconds(30));
                assertThat(alarm.detail()).startsWith("management local-alarms: There are alarms in effect on the node"
                        + " (memory); ");
            } finally {
                server.ctl("set_vm_memory_high_watermark", "0.4");
            }
            runUntil(healthy, r -> r.level() == Level.OK, Duration.ofSeconds(30));
        }
    }

    private static RabbitSpec managed(String base, String... healthChecks) {
        RabbitSpec plain = spec(RabbitServer.PASSWORD, List.of());
        return new RabbitSpec(plain.name(), plain.host(), plain.port(), plain.virtualHost(), plain.tls(), plain.user(),
                plain.password(), plain.timeout(), plain.heartbeat(), plain.window(), plain.queues(),
                java.util.Optional.of(new ManagementSpec(java.net.URI.create(base), List.of(healthChecks),
                        Duration.ofMillis(1000))));
    }

    /** Threads of the checks' AMQP client: readers ("AMQP Connection h:p") and the link's own pool. */
    private static long clientThreads() {
        String reader = "AMQP Connection 127.0.0.1:" + server.port();
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive)
                .filter(t -> t.getName().equals(reader) || t.getName().startsWith(BrokerLink.THREAD_PREFIX)).count();
    }

    private static void awaitNoClientThreads(Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (clientThreads() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(clientThreads()).as("AMQP client threads left").isZero();
    }

    private static void awaitReady(Channel ch, long ready) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (ch.queueDeclarePassive(QUEUE).getMessageCount() < ready && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    private static CheckResult runUntil(Check check, Predicate<CheckResult> done, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        CheckResult r = check.run();
        while (!done.test(r) && System.nanoTime() < deadline) {
            Thread.sleep(200);
            r = check.run();
        }
        assertThat(done).as("last result: %s", r).accepts(r);
        return r;
    }
}
