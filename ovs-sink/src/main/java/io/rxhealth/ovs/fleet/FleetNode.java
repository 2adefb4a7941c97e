package io.rxhealth.ovs.fleet;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbException;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbTransactionException;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.MinimalRepair;
import io.rxhealth.weighting.maglev.SlotTable;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One LB node's part in the fleet. Each {@link #step} writes this node's heartbeat and the
 * observations that changed since the database last held them, decides every pool's effective
 * weights by quorum, and, when they differ from the inputs of the database's table, commits the
 * minimal repair of that table (one winner per change). {@link #table} is what the database holds,
 * and what the node installs; cut off from the majority, it is the last table seen (fail-static).
 * {@code step} runs on one thread; {@code table} and {@link #status} may be called from any.
 */
public final class FleetNode {
    private static final Logger LOG = LoggerFactory.getLogger(FleetNode.class);

    /** What this node observes of one member now, with the probe's detail for humans. */
    public record LocalObservation(Observation observation, String probeDetail) {
    }

    private final String node;
    private final List<FleetPool> pools;
    private final Function<String, LocalObservation> local;
    private final FleetStore store;
    private final Ticker ticker;
    private final InstantSource clock;
    private final Duration livenessTimeout;
    private final long heartbeatNanos;
    private final long startedAtMillis;
    private final Map<String, Long> beats = new HashMap<>();
    private final Map<String, Long> beatSeenAt = new HashMap<>();
    private final Map<String, InstalledTable> tables = new ConcurrentHashMap<>();
    private final Map<String, String> installed = new ConcurrentHashMap<>();
    private volatile Set<String> live = Set.of();
    private volatile Set<String> configDiffers = Set.of();
    private volatile boolean failStatic = true;
    private long heartbeat;
    private long lastBeatAt;
    private Map<String, String> lastBeatInstalled = Map.of();
    private volatile long commits;
    private volatile long lostRaces;

    /**
     * @param heartbeatInterval how often the heartbeat is raised; a node is live while its heartbeat
     *                          changed within {@code livenessTimeout}
     */
    FleetNode(String node, List<FleetPool> pools, Function<String, LocalObservation> local, FleetStore store, Ticker ticker,
              InstantSource clock, Duration heartbeatInterval, Duration livenessTimeout) {
        this.node = requireNonNull(node, "node");
        this.pools = List.copyOf(pools);
        this.local = requireNonNull(local, "local");
        this.store = requireNonNull(store, "store");
        this.ticker = requireNonNull(ticker, "ticker");
        this.clock = requireNonNull(clock, "clock");
        this.livenessTimeout = requireNonNull(livenessTimeout, "livenessTimeout");
        if (heartbeatInterval.compareTo(livenessTimeout) >= 0 || heartbeatInterval.isNegative()) {
            throw new IllegalArgumentException("heartbeat interval: " + heartbeatInterval + " (expected: >= 0 and below"
                    + " the liveness timeout " + livenessTimeout + ")");
        }
        this.heartbeatNanos = heartbeatInterval.toNanos();
        this.startedAtMillis = clock.millis();
    }

    public String name() {
        return node;
    }

    /** One round; false when the node is cut off from the cluster majority (fail-static) or a write failed. */
    public boolean step() {
        refreshTables();
        if (!store.connected()) {
            if (!failStatic) {
                LOG.warn("fleet: cut off from the cluster majority; keeping the last tables (fail-static)");
            }
            failStatic = true;
            return false;
        }
        if (failStatic) {
            LOG.info("fleet: in contact with the cluster through {}", store.remote());
        }
        failStatic = false;
        try {
            beat();
            writeObservations();
            live = liveNodes();
            repairTables();
            return true;
        } catch (OvsdbException e) {
            LOG.warn("fleet: {}", e.getMessage());
            return false;
        }
    }

    /** Raises the heartbeat once an interval, and at once when what this node installed changed. */
    private void beat() throws OvsdbException {
        long now = ticker.nanos();
        Map<String, String> digests = Map.copyOf(installed);
        if (heartbeat == 0 || now - lastBeatAt >= heartbeatNanos || !digests.equals(lastBeatInstalled)) {
            store.heartbeat(node, heartbeat + 1, startedAtMillis, digests);
            heartbeat++;
            lastBeatAt = now;
            lastBeatInstalled = digests;
        }
    }

    private void writeObservations() throws OvsdbException {
        var stored = store.observations();
        for (FleetPool pool : pools) {
            for (FleetPool.FleetMember m : pool.members()) {
                LocalObservation now = local.apply(m.key());
                Observation held = stored.getOrDefault(pool.name(), Map.of()).getOrDefault(m.key(), List.of()).stream()
                        .filter(o -> o.node().equals(node)).findFirst().orElse(null);
                // Only changes are written: a steady fleet writes heartbeats and nothing else.
                if (!now.observation().sameBelief(held)) {
                    store.observe(pool.name(), m.key(), now.observation(), now.probeDetail());
                }
            }
        }
    }

    private Set<String> liveNodes() {
        long now = ticker.nanos();
        store.heartbeats().forEach((name, beat) -> {
            if (!beat.equals(beats.put(name, beat))) {
                beatSeenAt.put(name, now);
            }
        });
        return NodeLiveness.live(beatSeenAt, now, livenessTimeout);
    }

    /**
     * The pools whose database description is this node's: those it may commit tables for. A pool
     * the database lacks is imported from this node's configuration (the YAML as a bootstrap); a
     * pool the database describes otherwise (a config edited on one node) is left to the nodes that
     * agree with it, and this node only installs its table.
     */
    private List<FleetPool> agreedPools() throws OvsdbException {
        Map<String, FleetPool> stored = store.pools();
        List<FleetPool> agreed = new ArrayList<>();
        Set<String> differing = new TreeSet<>();
        for (FleetPool pool : pools) {
            FleetPool held = stored.get(pool.name());
            if (held == null) {
                if (store.importPool(pool)) {
                    LOG.info("fleet: pool {}: imported from this node's configuration ({} members)", pool.name(),
                            pool.members().size());
                    agreed.add(pool);
                }
            } else if (held.sameAs(pool)) {
                agreed.add(pool);
            } else {
                differing.add(pool.name());
            }
        }
        if (!differing.equals(configDiffers)) {
            if (!differing.isEmpty()) {
                LOG.warn("fleet: pools {}: this node's configuration differs from the database's; installing the"
                        + " fleet's tables without computing them", differing);
            }
            configDiffers = Set.copyOf(differing);
        }
        return agreed;
    }

    private void repairTables() throws OvsdbException {
        var observations = store.observations();
        var drained = store.drained();
        for (FleetPool pool : agreedPools()) {
            Optional<Map<String, Integer>> weights = EffectiveWeights.of(pool, observations.getOrDefault(pool.name(), Map.of()),
                    live, drained.getOrDefault(pool.name(), Set.of()));
            if (weights.isEmpty()) {
                continue;
            }
            InstalledTable held = tables.get(pool.name());
            if (held != null && held.inputs().equals(weights.get()) && held.table().size() == pool.slots()) {
                continue;
            }
            SlotTable next = MinimalRepair.repair(pool.seed(), held == null ? null : held.table(),
                    EffectiveWeights.members(pool, weights.get()), pool.slots());
            var commit = new InstalledTable(pool.name(), held == null ? 1 : held.version() + 1, next, weights.get(), node,
                    clock.millis());
            try {
                store.commit(commit);
                // What the database now holds, before the monitor says so: the next round must not
                // repair the old version again.
                tables.put(pool.name(), commit);
                commits++;
                LOG.info("fleet: pool {}: committed table version {} digest {}", pool.name(), commit.version(),
                        next.digest());
            } catch (OvsdbTransactionException e) {
                if (!e.isWaitFailed()) {
                    throw e;
                }
                // Another node committed first; its table arrives by the monitor and is repaired next round if needed.
                lostRaces++;
            }
        }
    }

    private void refreshTables() {
        for (Map.Entry<String, JsonNode> row : store.tableRows().entrySet()) {
            InstalledTable held = tables.get(row.getKey());
            // Never back: a table this node just committed may be newer than what the monitor has delivered.
            if (held != null && held.version() >= row.getValue().path("version").asLong()) {
                continue;
            }
            try {
                tables.put(row.getKey(), SlotTableRows.read(row.getValue()));
            } catch (RuntimeException e) {
                LOG.warn("fleet: pool {}: the database's slot table cannot be read, keeping the last: {}", row.getKey(),
                        e.getMessage());
            }
        }
    }

    /** The database's table for {@code pool}, or the last one seen; empty before the first. */
    public Optional<SlotTable> table(String pool) {
        refreshTables();
        return Optional.ofNullable(tables.get(pool)).map(InstalledTable::table);
    }

    /** Records what this node installed; the next heartbeat tells the fleet. */
    public void installed(String pool, String digest) {
        installed.put(pool, digest);
    }

    /** Drains or enables {@code member} of {@code pool} for the whole fleet. */
    public void operatorState(String pool, String member, boolean drained, String reason) throws OvsdbException {
        store.operatorState(pool, member, drained, reason, node, clock.millis());
    }

    public boolean failStatic() {
        return failStatic;
    }

    public FleetStatus status() {
        var byNode = store.installed();
        List<FleetStatus.PoolAgreement> agreement = new ArrayList<>();
        for (FleetPool pool : pools) {
            InstalledTable held = tables.get(pool.name());
            Map<String, String> perNode = new HashMap<>();
            byNode.forEach((name, digests) -> {
                if (digests.containsKey(pool.name())) {
                    perNode.put(name, digests.get(pool.name()));
                }
            });
            installed.computeIfPresent(pool.name(), (p, d) -> {
                perNode.put(node, d);
                return d;
            });
            agreement.add(new FleetStatus.PoolAgreement(pool.name(), held == null ? 0 : held.version(),
                    held == null ? "" : held.table().digest(), perNode));
        }
        return new FleetStatus(node, failStatic, store.remote(), live, configDiffers, agreement, commits, lostRaces);
    }
}
