package io.rxhealth.ovs.fleet;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rxhealth.ovs.fleet.ovsdb.Atoms;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbClient;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbException;
import io.rxhealth.ovs.fleet.ovsdb.OvsdbTransactionException;
import io.rxhealth.weighting.panic.PanicThreshold;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The fleet's tables in terms of the fleet: writes go through {@link OvsdbClient#transact}, reads
 * come from its replica (what the monitor last delivered). One row per key, written by update and,
 * when there is none yet, by insert (the indexes of the schema keep keys unique). Counts the
 * transactions it sends by {@link Write} kind.
 */
final class FleetStore {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** What a transaction writes; the writes metric is labelled with it. */
    enum Write { HEARTBEAT, OBSERVATION, OPERATOR, IMPORT, TABLE }

    /** One LB node's heartbeat: its counter and the wall time on that node when it raised it. */
    record Heartbeat(long counter, long atMillis) {
    }

    private final OvsdbClient client;
    private final Map<Write, AtomicLong> writes = new ConcurrentHashMap<>();
    private final Derived<Map<String, FleetPool>> pools = new Derived<>(List.of("Pool", "Member"), this::readPools);
    private final Derived<Map<String, JsonNode>> tableRows = new Derived<>(List.of(SlotTableRows.TABLE),
            this::readTableRows);
    private final Derived<Map<String, Map<String, List<Observation>>>> observations = new Derived<>(
            List.of("Observation"), this::readObservations);
    private final Derived<Map<String, Set<String>>> drained = new Derived<>(List.of("Operator_State"), this::readDrained);
    private final Derived<Map<String, Heartbeat>> heartbeats = new Derived<>(List.of("LB_Node"), this::readHeartbeats);
    private final Derived<Map<String, Map<String, String>>> installed = new Derived<>(List.of("LB_Node"),
            this::readInstalled);

    /**
     * A view derived from some of the replica's tables, built again only when one of them changed:
     * a round triggered by another node's heartbeat does not parse every observation again. The
     * view is shared: callers read it and never change it.
     */
    private final class Derived<T> {
        private final List<String> tables;
        private final Supplier<T> build;
        private long[] seen;
        private T value;

        Derived(List<String> tables, Supplier<T> build) {
            this.tables = tables;
            this.build = build;
        }

        synchronized T get() {
            // The version first: rows read after it are at least that new, and a later change rebuilds.
            long[] now = tables.stream().mapToLong(client.replica()::version).toArray();
            if (value == null || !Arrays.equals(now, seen)) {
                value = build.get();
                seen = now;
            }
            return value;
        }
    }

    FleetStore(OvsdbClient client) {
        this.client = requireNonNull(client, "client");
    }

    boolean connected() {
        return client.isConnected();
    }

    String remote() {
        return client.remote().map(Object::toString).orElse("");
    }

    /** This node's heartbeat as one round writes it: the counter, when, since when, and what it installed. */
    record HeartbeatRow(long counter, long atMillis, long startedAtMillis, Map<String, String> installed) {
    }

    /** One observation a round writes: the member of the pool, what this node believes of it, the probe's detail. */
    record ObservationRow(String pool, String member, Observation observation, String probeDetail) {
    }

    /**
     * Writes this node's heartbeat (unless null) and {@code observations} in one transaction, so that
     * the other nodes never see the node live without what it observes, nor half of one round: a
     * node that starts is counted in the quorum together with all its first observations. Rows the
     * replica holds are updated, the others inserted; an insert the replica had not caught up with
     * yet fails on the schema's index, the whole round with it, and the next round updates instead.
     */
    void write(String node, HeartbeatRow beat, List<ObservationRow> observations) throws OvsdbException {
        ArrayNode ops = NODES.arrayNode();
        if (beat != null) {
            ObjectNode row = NODES.objectNode().put("heartbeat", beat.counter()).put("heartbeat_at_ms", beat.atMillis())
                    .put("started_at_ms", beat.startedAtMillis());
            row.set("installed", Atoms.stringMap(new TreeMap<>(beat.installed())));
            upsert(ops, "LB_Node", where("name", node), row, heartbeats().containsKey(node), r -> r.put("name", node));
        }
        var stored = observations();
        for (ObservationRow w : observations) {
            Observation o = w.observation();
            ObjectNode row = NODES.objectNode().put("probe_up", o.probeUp()).put("probe_detail", w.probeDetail())
                    .put("agent_up", o.agentUp()).put("agent_drain", o.agentDrain()).put("agent_maint", o.agentMaint())
                    .put("agent_weight_percent", o.weightPercent()).put("at_ms", o.atMillis());
            ArrayNode where = where("node", node);
            where.addArray().add("pool").add("==").add(w.pool());
            where.addArray().add("member").add("==").add(w.member());
            boolean held = stored.getOrDefault(w.pool(), Map.of()).getOrDefault(w.member(), List.of()).stream()
                    .anyMatch(seen -> seen.node().equals(node));
            upsert(ops, "Observation", where, row, held,
                    r -> r.put("node", node).put("pool", w.pool()).put("member", w.member()));
        }
        if (!ops.isEmpty()) {
            transact(observations.isEmpty() ? Write.HEARTBEAT : Write.OBSERVATION, ops);
        }
    }

    private static void upsert(ArrayNode ops, String table, ArrayNode where, ObjectNode row, boolean held,
                               UnaryOperator<ObjectNode> keyed) {
        if (held) {
            ObjectNode update = ops.addObject().put("op", "update").put("table", table);
            update.set("where", where);
            update.set("row", row);
        } else {
            ops.addObject().put("op", "insert").put("table", table).set("row", keyed.apply(row));
        }
    }

    void operatorState(String pool, String member, boolean drained, String reason, String node, long atMillis)
            throws OvsdbException {
        ObjectNode row = NODES.objectNode().put("state", drained ? "drained" : "enabled").put("reason", reason)
                .put("node", node).put("at_ms", atMillis);
        ArrayNode where = where("pool", pool);
        where.addArray().add("member").add("==").add(member);
        upsert(Write.OPERATOR, "Operator_State", where, row.deepCopy(), row.put("pool", pool).put("member", member));
    }

    /**
     * Imports {@code pool} and its members, unless the database holds the pool already: a wait that
     * no row of that name exists, then the inserts, so of nodes importing at once one wins.
     * False when another node's import came first.
     */
    boolean importPool(FleetPool pool) throws OvsdbException {
        ArrayNode ops = NODES.arrayNode();
        ObjectNode wait = ops.addObject().put("op", "wait").put("table", "Pool").put("timeout", 0).put("until", "==");
        wait.set("where", where("name", pool.name()));
        wait.putArray("columns").add("name");
        wait.putArray("rows");
        ObjectNode row = ops.addObject().put("op", "insert").put("table", "Pool").putObject("row");
        row.put("name", pool.name()).put("slots", pool.slots()).put("panic_threshold", pool.panicThreshold().percent());
        row.set("external_ids", Atoms.stringMap(Map.of("seed", pool.seed())));
        for (FleetPool.FleetMember m : pool.members()) {
            ObjectNode member = ops.addObject().put("op", "insert").put("table", "Member").putObject("row");
            member.put("pool", pool.name()).put("key", m.key()).put("weight", m.configuredWeight());
            if (m.agent()) {
                member.put("agent_port", m.agentPort());
            } else {
                member.set("agent_port", Atoms.emptySet());
            }
        }
        try {
            transact(Write.IMPORT, ops);
            return true;
        } catch (OvsdbTransactionException e) {
            if (e.isWaitFailed()) {
                return false;
            }
            throw e;
        }
    }

    /** The pools the database holds, by name; empty while the replica is empty. */
    Map<String, FleetPool> pools() {
        return pools.get();
    }

    private Map<String, FleetPool> readPools() {
        Map<String, List<FleetPool.FleetMember>> members = new HashMap<>();
        for (JsonNode row : client.replica().list("Member")) {
            List<JsonNode> port = Atoms.set(row.get("agent_port"));
            members.computeIfAbsent(row.path("pool").asText(), p -> new ArrayList<>()).add(new FleetPool.FleetMember(
                    row.path("key").asText(), row.path("weight").asInt(), port.isEmpty() ? 0 : port.get(0).asInt()));
        }
        Map<String, FleetPool> pools = new HashMap<>();
        for (JsonNode row : client.replica().list("Pool")) {
            String name = row.path("name").asText();
            JsonNode seed = Atoms.map(row.get("external_ids")).get(NODES.textNode("seed"));
            pools.put(name, new FleetPool(name, seed == null ? "" : seed.asText(), row.path("slots").asInt(),
                    new PanicThreshold(row.path("panic_threshold").asInt()), members.getOrDefault(name, List.of())));
        }
        return pools;
    }

    void commit(InstalledTable next) throws OvsdbException {
        transact(Write.TABLE, SlotTableCommit.operations(next));
    }

    /** Transactions sent so far by kind, failed ones included: each is one Raft log entry when it commits. */
    Map<Write, Long> writes() {
        Map<Write, Long> counts = new EnumMap<>(Write.class);
        for (Write w : Write.values()) {
            counts.put(w, writes.computeIfAbsent(w, k -> new AtomicLong()).get());
        }
        return counts;
    }

    private ArrayNode transact(Write kind, ArrayNode ops) throws OvsdbException {
        writes.computeIfAbsent(kind, k -> new AtomicLong()).incrementAndGet();
        return client.transact(ops);
    }

    private void upsert(Write kind, String table, ArrayNode where, ObjectNode update, ObjectNode insert)
            throws OvsdbException {
        ArrayNode ops = NODES.arrayNode();
        ops.addObject().put("op", "update").put("table", table).set("where", where);
        ((ObjectNode) ops.get(0)).set("row", update);
        if (transact(kind, ops).get(0).path("count").asInt() > 0) {
            return;
        }
        ArrayNode insertOps = NODES.arrayNode();
        insertOps.addObject().put("op", "insert").put("table", table).set("row", insert);
        transact(kind, insertOps);
    }

    private static ArrayNode where(String column, String value) {
        ArrayNode where = NODES.arrayNode();
        where.addArray().add(column).add("==").add(value);
        return where;
    }

    /** Slot_Table rows by pool name, as stored (undecoded). */
    Map<String, JsonNode> tableRows() {
        return tableRows.get();
    }

    private Map<String, JsonNode> readTableRows() {
        Map<String, JsonNode> rows = new HashMap<>();
        for (JsonNode row : client.replica().list(SlotTableRows.TABLE)) {
            rows.put(row.path("pool").asText(), row);
        }
        return rows;
    }

    /** Every node's latest observation, by pool and member key. */
    Map<String, Map<String, List<Observation>>> observations() {
        return observations.get();
    }

    private Map<String, Map<String, List<Observation>>> readObservations() {
        Map<String, Map<String, List<Observation>>> byPool = new HashMap<>();
        for (JsonNode row : client.replica().list("Observation")) {
            var o = new Observation(row.path("node").asText(), row.path("probe_up").asBoolean(),
                    row.path("agent_up").asBoolean(), row.path("agent_drain").asBoolean(),
                    row.path("agent_maint").asBoolean(), row.path("agent_weight_percent").asInt(),
                    row.path("at_ms").asLong());
            byPool.computeIfAbsent(row.path("pool").asText(), p -> new HashMap<>())
                    .computeIfAbsent(row.path("member").asText(), m -> new ArrayList<>()).add(o);
        }
        return byPool;
    }

    /** The members an operator drained, by pool. */
    Map<String, Set<String>> drained() {
        return drained.get();
    }

    private Map<String, Set<String>> readDrained() {
        Map<String, Set<String>> drained = new HashMap<>();
        for (JsonNode row : client.replica().list("Operator_State")) {
            if (row.path("state").asText().equals("drained")) {
                drained.computeIfAbsent(row.path("pool").asText(), p -> new HashSet<>()).add(row.path("member").asText());
            }
        }
        return drained;
    }

    /** Every LB node's heartbeat. */
    Map<String, Heartbeat> heartbeats() {
        return heartbeats.get();
    }

    private Map<String, Heartbeat> readHeartbeats() {
        Map<String, Heartbeat> beats = new HashMap<>();
        client.replica().list("LB_Node").forEach(row -> beats.put(row.path("name").asText(),
                new Heartbeat(row.path("heartbeat").asLong(), row.path("heartbeat_at_ms").asLong())));
        return beats;
    }

    /** What each LB node says it installed: digest by pool, by node. */
    Map<String, Map<String, String>> installed() {
        return installed.get();
    }

    private Map<String, Map<String, String>> readInstalled() {
        Map<String, Map<String, String>> installed = new TreeMap<>();
        for (JsonNode row : client.replica().list("LB_Node")) {
            Map<String, String> digests = new TreeMap<>();
            Atoms.map(row.get("installed")).forEach((k, v) -> digests.put(k.asText(), v.asText()));
            installed.put(row.path("name").asText(), digests);
        }
        return installed;
    }
}
