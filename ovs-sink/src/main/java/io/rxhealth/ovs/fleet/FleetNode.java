package io.rxhealth.ovs.fleet;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbException;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbTransactionException;
import io.rxhealth.weighting.Ticker;
import io.rxhealth.weighting.maglev.MinimalRepair;
import io.rxhealth.weighting.maglev.SlotTable;
import io.rxhealth.weighting.panic.PanicDecision;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One LB node's part in the fleet. Each {@link #step} reads the database's tables from the replica,
 * writes this node's heartbeat and the observations that changed since the database last held
 * them, decides every pool's weights by quorum and panic threshold, and, when they differ from the
 * inputs of the database's table, commits the minimal repair of that table (one winner per change).
 * {@link #table} is what the database holds, and what the node installs; cut off from the majority,
 * it is the last table seen (fail-static).
 *
 * <p>{@code step} runs on one thread, the only one that reads the replica's rows into tables or
 * talks to the cluster; {@link #table}, {@link #installed} and {@link #status} may be called from
 * any and never wait for the cluster, so a caller holding a lock (the pool controller's) does no I/O.
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
    private final Map<String, Long> lagMillis = new HashMap<>();
    /** Written by the stepping thread only; read by any. */
    private final Map<String, InstalledTable> tables = new ConcurrentHashMap<>();
    private final Map<String, String> installed = new ConcurrentHashMap<>();
    /** The quorum's weights of each pool in the last round in contact with the cluster; read by any thread. */
    private final Map<String, FleetWeights> decided = new ConcurrentHashMap<>();
    private final Map<String, Map<String, List<String>>> probeDownOn = new HashMap<>();
    private final Map<String, Integer> dissent = new HashMap<>();
    /** What {@link #decided} was last computed from: the store's shared views and the live nodes then. */
    private Object decidedObservations;
    private Object decidedDrained;
    private Set<String> decidedLive = Set.of();
    /** Each pool's member views with what they were made from, so a round that changed nothing reuses them. */
    private final Map<String, MemberViews> views = new HashMap<>();

    private record MemberViews(FleetWeights weights, InstalledTable held, Map<String, List<String>> down,
                               List<FleetStatus.MemberView> views) {
    }
    private Set<String> live = Set.of();
    private Set<String> configDiffers = Set.of();
    private volatile boolean failStatic = true;
    private long heartbeat;
    private long lastBeatAt;
    private Map<String, String> lastBeatInstalled = Map.of();
    private long commits;
    private long lostRaces;
    private volatile FleetStatus status;

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
        publishStatus();
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
            publishStatus();
            return false;
        }
        if (failStatic) {
            LOG.info("fleet: in contact with the cluster through {}", store.remote());
        }
        failStatic = false;
        try {
            write();
            live = liveNodes();
            decide();
            repairTables();
            return true;
        } catch (OvsdbException e) {
            LOG.warn("fleet: {}", e.getMessage());
            return false;
        } finally {
            publishStatus();
        }
    }

    /**
     * Writes, in one transaction, the heartbeat when it is due (once an interval, and at once when
     * what this node installed changed) and the observations whose belief changed since the database
     * last held them: a steady fleet writes heartbeats and nothing else.
     */
    private void write() throws OvsdbException {
        long now = ticker.nanos();
        Map<String, String> digests = Map.copyOf(installed);
        boolean due = heartbeat == 0 || now - lastBeatAt >= heartbeatNanos || !digests.equals(lastBeatInstalled);
        var stored = store.observations();
        List<FleetStore.ObservationRow> changed = new ArrayList<>();
        for (FleetPool pool : pools) {
            for (FleetPool.FleetMember m : pool.members()) {
                LocalObservation seen = local.apply(m.key());
                Observation held = stored.getOrDefault(pool.name(), Map.of()).getOrDefault(m.key(), List.of()).stream()
                        .filter(o -> o.node().equals(node)).findFirst().orElse(null);
                if (!seen.observation().sameBelief(held)) {
                    changed.add(new FleetStore.ObservationRow(pool.name(), m.key(), seen.observation(), seen.probeDetail()));
                }
            }
        }
        if (!due && changed.isEmpty()) {
            return;
        }
        store.write(node, due ? new FleetStore.HeartbeatRow(heartbeat + 1, clock.millis(), startedAtMillis, digests) : null,
                changed);
        if (due) {
            heartbeat++;
            lastBeatAt = now;
            lastBeatInstalled = digests;
        }
    }

    /**
     * The live nodes, by the heartbeats the replica holds; notes, for each heartbeat that changed,
     * how long it took from its write there to here.
     */
    private Set<String> liveNodes() {
        long now = ticker.nanos();
        long wallNow = clock.millis();
        store.heartbeats().forEach((name, beat) -> {
            if (!Long.valueOf(beat.counter()).equals(beats.put(name, beat.counter()))) {
                beatSeenAt.put(name, now);
                lagMillis.put(name, Math.max(0, wallNow - beat.atMillis()));
            }
        });
        return NodeLiveness.live(beatSeenAt, now, livenessTimeout);
    }

    /**
     * Every configured pool's weights by quorum and panic threshold, for the tables and the status;
     * again only when the observations, the operators' states or the live nodes changed (most rounds
     * are another node's heartbeat).
     */
    private void decide() {
        var observations = store.observations();
        var drained = store.drained();
        if (observations == decidedObservations && drained == decidedDrained && live.equals(decidedLive)) {
            return;
        }
        decidedObservations = observations;
        decidedDrained = drained;
        decidedLive = live;
        for (FleetPool pool : pools) {
            Map<String, List<Observation>> byMember = observations.getOrDefault(pool.name(), Map.of());
            EffectiveWeights.of(pool, byMember, live, drained.getOrDefault(pool.name(), Set.of()))
                    .ifPresent(w -> decided.put(pool.name(), w));
            Map<String, List<String>> down = new HashMap<>();
            byMember.forEach((key, list) -> down.put(key, list.stream()
                    .filter(o -> live.contains(o.node()) && !o.probeUp()).map(Observation::node).sorted().toList()));
            probeDownOn.put(pool.name(), down);
            dissent.put(pool.name(), dissent(byMember, decided.get(pool.name())));
        }
    }

    /** Members whose probe this node, as the database holds its observation, sees otherwise than the quorum. */
    private int dissent(Map<String, List<Observation>> byMember, FleetWeights weights) {
        if (weights == null) {
            return 0;
        }
        int count = 0;
        for (MemberQuorum m : weights.members()) {
            for (Observation o : byMember.getOrDefault(m.key(), List.of())) {
                if (o.node().equals(node) && o.probeUp() != m.verdict().probeUp()) {
                    count++;
                }
            }
        }
        return count;
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
                    LOG.info("fleet: pool {}: imported from this node's configuration ({} members, panic threshold {})",
                            pool.name(), pool.members().size(), pool.panicThreshold());
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
        for (FleetPool pool : agreedPools()) {
            FleetWeights weights = decided.get(pool.name());
            if (weights == null) {
                continue;
            }
            Map<String, Integer> inputs = weights.byKey();
            PanicDecision panic = weights.decision();
            InstalledTable held = tables.get(pool.name());
            // Entering or leaving panic is a change even when the weights come out the same (every
            // member probe-up and at its configured weight): the table says which state it is of.
            if (held != null && held.inputs().equals(inputs) && held.panic() == panic.panic()
                    && held.table().size() == pool.slots()) {
                continue;
            }
            SlotTable next = MinimalRepair.repair(pool.seed(), held == null ? null : held.table(),
                    weights.layoutMembers(), pool.slots());
            var commit = new InstalledTable(pool.name(), held == null ? 1 : held.version() + 1, next, inputs,
                    panic.panic(), panic.healthyWeight(), panic.countedWeight(), node, clock.millis());
            try {
                store.commit(commit);
                // What the database now holds, before the monitor says so: the next round must not
                // repair the old version again.
                tables.put(pool.name(), commit);
                commits++;
                LOG.info("fleet: pool {}: committed table version {} digest {}{}", pool.name(), commit.version(),
                        next.digest(), panic.panic() ? " in PANIC (healthy weight " + panic.healthyWeight() + " of "
                                + panic.countedWeight() + " is below " + pool.panicThreshold() + ")" : "");
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

    /** The database's table for {@code pool} as of the last round, or the last one seen; empty before the first. */
    public Optional<SlotTable> table(String pool) {
        return installedTable(pool).map(InstalledTable::table);
    }

    /** As {@link #table}, with the weights and the panic state it was computed from. */
    public Optional<InstalledTable> installedTable(String pool) {
        return Optional.ofNullable(tables.get(pool));
    }

    /**
     * The pool's weights as the quorum decided them in the last round in contact with the cluster
     * (its healthy share is the live one); empty before the first.
     */
    public Optional<FleetWeights> decided(String pool) {
        return Optional.ofNullable(decided.get(pool));
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

    /** The fleet as of this node's last round. */
    public FleetStatus status() {
        return status;
    }

    private void publishStatus() {
        var byNode = store.installed();
        List<FleetStatus.PoolAgreement> agreement = new ArrayList<>();
        for (FleetPool pool : pools) {
            InstalledTable held = tables.get(pool.name());
            Map<String, String> perNode = new TreeMap<>();
            byNode.forEach((name, digests) -> {
                if (digests.containsKey(pool.name())) {
                    perNode.put(name, digests.get(pool.name()));
                }
            });
            String mine = installed.get(pool.name());
            if (mine != null) {
                perNode.put(node, mine);
            }
            agreement.add(new FleetStatus.PoolAgreement(pool.name(), held == null ? 0 : held.version(),
                    held == null ? "" : held.table().digest(), held == null ? "" : held.computedBy(),
                    held != null && held.panic(),
                    held == null || held.healthyShare().isEmpty() ? null : held.healthyShare().getAsDouble(), perNode,
                    dissent.getOrDefault(pool.name(), 0), members(pool, held)));
        }
        Map<String, Long> lags = new TreeMap<>();
        lagMillis.forEach((name, lag) -> {
            if (live.contains(name)) {
                lags.put(name, lag);
            }
        });
        Map<String, Long> writes = new TreeMap<>();
        store.writes().forEach((kind, n) -> writes.put(kind.name().toLowerCase(Locale.ROOT), n));
        status = new FleetStatus(node, failStatic, store.remote(), live, Quorum.majority(live.size()), configDiffers,
                agreement, commits, lostRaces, lags, writes);
    }

    private List<FleetStatus.MemberView> members(FleetPool pool, InstalledTable held) {
        FleetWeights weights = decided.get(pool.name());
        if (weights == null) {
            return List.of();
        }
        Map<String, List<String>> down = probeDownOn.getOrDefault(pool.name(), Map.of());
        MemberViews cached = views.get(pool.name());
        if (cached != null && cached.weights() == weights && cached.held() == held && cached.down() == down) {
            return cached.views();
        }
        List<FleetStatus.MemberView> made = new ArrayList<>();
        for (int i = 0; i < weights.members().size(); i++) {
            MemberQuorum m = weights.members().get(i);
            made.add(new FleetStatus.MemberView(m.key(), weights.verdict(i), m.verdict().probeUpVotes(),
                    m.verdict().votes(), m.agentLabel(), m.operatorDrained(), weights.decision().weights().get(i),
                    held == null ? null : held.inputs().get(m.key()), down.getOrDefault(m.key(), List.of())));
        }
        views.put(pool.name(), new MemberViews(weights, held, down, List.copyOf(made)));
        return views.get(pool.name()).views();
    }
}
