package io.rxhealth.ovs.fleet;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The transaction that commits a pool's next slot table: an RFC 7047 {@code wait} that the pool's
 * row still holds {@code version - 1} (or that there is no row, for version 1), then the update or
 * insert. Of two nodes that computed from the same previous table, Raft orders the commits and the
 * second one's wait fails ("timed out" with timeout 0): exactly one computation wins per change, and
 * the loser installs the winner's table. Pure.
 */
final class SlotTableCommit {
    private SlotTableCommit() {
    }

    static ArrayNode operations(InstalledTable next) {
        var nodes = JsonNodeFactory.instance;
        ArrayNode ops = nodes.arrayNode();
        ObjectNode wait = ops.addObject();
        wait.put("op", "wait");
        wait.put("table", SlotTableRows.TABLE);
        wait.put("timeout", 0);
        wait.set("where", wherePool(next.pool()));
        wait.putArray("columns").add("version");
        wait.put("until", "==");
        ArrayNode rows = wait.putArray("rows");
        if (next.version() > 1) {
            rows.addObject().put("version", next.version() - 1);
        }
        ObjectNode write = ops.addObject();
        write.put("table", SlotTableRows.TABLE);
        ObjectNode row = SlotTableRows.row(next);
        if (next.version() > 1) {
            write.put("op", "update");
            write.set("where", wherePool(next.pool()));
            row.remove("pool");
        } else {
            write.put("op", "insert");
        }
        write.set("row", row);
        return ops;
    }

    static ArrayNode wherePool(String pool) {
        ArrayNode where = JsonNodeFactory.instance.arrayNode();
        where.addArray().add("pool").add("==").add(pool);
        return where;
    }
}
