package io.rxhealth.ovs.fleet;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbClient;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbException;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbRemote;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.SlotTable;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running fleet member: the OVSDB client and the {@link FleetNode}, stepped on one thread once a
 * heartbeat interval, and at once when this node's members change ({@link #request}) or the
 * database does. {@code onTableChange} runs when the database's table of some pool changed: the
 * daemon then reconciles and installs it.
 */
public final class FleetRuntime implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FleetRuntime.class);
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration RETRY = Duration.ofMillis(500);

    private final OvsdbClient client;
    private final FleetNode node;
    private final List<FleetPool> pools;
    private final Runnable onTableChange;
    private final Duration heartbeat;
    private final ScheduledExecutorService executor;
    private final AtomicBoolean pending = new AtomicBoolean();
    private final Map<String, String> seen = new HashMap<>();
    private final CountDownLatch firstRound = new CountDownLatch(1);

    public FleetRuntime(String nodeName, List<String> remotes, Duration heartbeat, Duration livenessTimeout,
                        List<FleetPool> pools, Function<String, FleetNode.LocalObservation> local, Runnable onTableChange,
                        Ticker ticker, InstantSource clock) {
        this.pools = List.copyOf(pools);
        this.onTableChange = requireNonNull(onTableChange, "onTableChange");
        this.heartbeat = requireNonNull(heartbeat, "heartbeat");
        this.client = new OvsdbClient(remotes.stream().map(OvsdbRemote::new).toList(), FleetSchema.DATABASE,
                FleetSchema.monitorRequests(), new ObjectMapper(), new OvsdbClient.Listener() {
                    @Override
                    public void updated() {
                        request();
                    }

                    @Override
                    public void disconnected(OvsdbRemote remote, String why) {
                        request();
                    }
                }, REQUEST_TIMEOUT, RETRY);
        this.node = new FleetNode(nodeName, pools, local, new FleetStore(client), ticker, clock, heartbeat, livenessTimeout);
        this.executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "rx-fleet");
            t.setDaemon(true);
            return t;
        });
    }

    public void start() {
        client.start();
        executor.scheduleWithFixedDelay(this::step, 0, heartbeat.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Asks for a round soon; requests made while one is pending are one round. */
    public void request() {
        if (pending.compareAndSet(false, true)) {
            try {
                executor.execute(this::step);
            } catch (RejectedExecutionException e) {
                pending.set(false);
            }
        }
    }

    private void step() {
        pending.set(false);
        try {
            if (node.step()) {
                firstRound.countDown();
            }
            boolean changed = false;
            for (FleetPool pool : pools) {
                String digest = node.table(pool.name()).map(SlotTable::digest).orElse("");
                changed |= !digest.equals(seen.put(pool.name(), digest));
            }
            if (changed) {
                onTableChange.run();
            }
        } catch (RuntimeException e) {
            // A bad round must not end the schedule; the next one starts from the database again.
            LOG.warn("fleet: round failed: {}", e.toString());
        }
    }

    /**
     * Waits until one round went through the cluster (the replica then holds the database's tables),
     * so that a starting daemon installs the fleet's tables first, not its own layout. False on timeout.
     */
    public boolean awaitFirstRound(Duration timeout) throws InterruptedException {
        return firstRound.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The database's table for {@code pool}, or the last one seen; empty before the first. Never waits. */
    public Optional<SlotTable> table(String pool) {
        return node.table(pool);
    }

    /** As {@link #table}, with the weights and panic state it was computed from. Never waits. */
    public Optional<InstalledTable> installedTable(String pool) {
        return node.installedTable(pool);
    }

    /** The quorum's weights of {@code pool} as of the last round in contact with the cluster. Never waits. */
    public Optional<FleetWeights> decided(String pool) {
        return node.decided(pool);
    }

    public void installed(String pool, String digest) {
        node.installed(pool, digest);
        request();
    }

    /** Drains or enables a member of a pool for the whole fleet; fails when cut off from the majority. */
    public void operatorState(String pool, String member, boolean drained, String reason) throws OvsdbException {
        node.operatorState(pool, member, drained, reason);
        request();
    }

    public FleetStatus status() {
        return node.status();
    }

    @Override
    public void close() {
        executor.shutdownNow();
        client.close();
    }
}
