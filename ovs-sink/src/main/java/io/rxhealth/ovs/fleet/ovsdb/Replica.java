package io.rxhealth.ovs.fleet.ovsdb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The rows of the monitored tables as the server last sent them, by table and row UUID. Written by
 * one thread (the connection's reader), read by any: each row is replaced whole, never changed in
 * place. Each table has a version that rises with every update of it, so that a reader can keep
 * what it derived from a table until the table changes.
 */
public final class Replica {
    private final Map<String, Map<String, ObjectNode>> tables = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> versions = new ConcurrentHashMap<>();

    /** The rows of {@code table} now; a live view whose rows are immutable by convention. */
    public Map<String, ObjectNode> rows(String table) {
        return tables.computeIfAbsent(table, t -> new ConcurrentHashMap<>());
    }

    /** Copies of every row of {@code table}. */
    public List<ObjectNode> list(String table) {
        return List.copyOf(rows(table).values());
    }

    /**
     * A number that changes whenever {@code table}'s rows do (raised after the rows changed, so a
     * reader that reads the version first and the rows after never keeps rows older than the version).
     */
    public long version(String table) {
        return versions.computeIfAbsent(table, t -> new AtomicLong()).get();
    }

    void clear() {
        tables.values().forEach(Map::clear);
        versions.values().forEach(AtomicLong::incrementAndGet);
    }

    /** Applies RFC 7047 {@code <table-updates>} (monitor version 1: "new" carries every monitored column). */
    void apply(JsonNode tableUpdates) {
        if (tableUpdates == null || !tableUpdates.isObject()) {
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> t = tableUpdates.fields(); t.hasNext(); ) {
            var table = t.next();
            Map<String, ObjectNode> rows = rows(table.getKey());
            for (Iterator<Map.Entry<String, JsonNode>> r = table.getValue().fields(); r.hasNext(); ) {
                var row = r.next();
                JsonNode next = row.getValue().get("new");
                if (next == null || next.isNull()) {
                    rows.remove(row.getKey());
                } else {
                    rows.put(row.getKey(), (ObjectNode) next);
                }
            }
            versions.computeIfAbsent(table.getKey(), name -> new AtomicLong()).incrementAndGet();
        }
    }
}
