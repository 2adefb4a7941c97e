package io.rxhealth.ovs.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rxhealth.ovs.fleet.ovsdb.Atoms;
import io.rxhealth.weighting.maglev.SlotTable;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@link InstalledTable} to and from a {@code Slot_Table} row. {@code owners} is one entry per slot,
 * comma-separated: the owner's index into {@code keys}, or {@code -} for an unowned slot (about 3
 * bytes a slot: 3 KiB at 1024 slots). The digest is stored and checked on reading, so a row that
 * does not decode to the table it names is never installed.
 */
final class SlotTableRows {
    static final String TABLE = "Slot_Table";

    private SlotTableRows() {
    }

    static ObjectNode row(InstalledTable t) {
        ObjectNode row = JsonNodeFactory.instance.objectNode();
        row.put("pool", t.pool());
        row.put("version", t.version());
        row.put("slots", t.table().size());
        row.set("keys", Atoms.indexedMap(t.table().keys()));
        row.put("owners", owners(t.table()));
        row.put("digest", t.table().digest());
        Map<String, Integer> inputs = new TreeMap<>(t.inputs());
        row.set("inputs", Atoms.integerMap(inputs));
        row.put("inputs_digest", inputsDigest(inputs));
        row.put("panic", t.panic());
        row.put("healthy_weight", t.healthyWeight());
        row.put("counted_weight", t.countedWeight());
        row.put("computed_by", t.computedBy());
        row.put("computed_at_ms", t.computedAtMillis());
        return row;
    }

    static InstalledTable read(JsonNode row) {
        String pool = row.path("pool").asText();
        List<String> keys = new ArrayList<>();
        var indexed = new TreeMap<Integer, String>();
        Atoms.map(row.get("keys")).forEach((k, v) -> indexed.put(k.asInt(), v.asText()));
        int expected = 0;
        for (var e : indexed.entrySet()) {
            if (e.getKey() != expected++) {
                throw new IllegalArgumentException("Slot_Table " + pool + ": keys " + indexed.keySet()
                        + " (expected: 0.." + (indexed.size() - 1) + ")");
            }
            keys.add(e.getValue());
        }
        String[] cells = row.path("owners").asText().split(",", -1);
        int slots = row.path("slots").asInt();
        if (cells.length != slots) {
            throw new IllegalArgumentException("Slot_Table " + pool + ": " + cells.length + " owners (expected: "
                    + slots + ")");
        }
        int[] owners = new int[slots];
        for (int i = 0; i < slots; i++) {
            owners[i] = cells[i].equals("-") ? -1 : Integer.parseInt(cells[i]);
        }
        SlotTable table = new SlotTable(keys, owners);
        String digest = row.path("digest").asText();
        if (!table.digest().equals(digest)) {
            throw new IllegalArgumentException("Slot_Table " + pool + ": digest " + digest + " (expected: "
                    + table.digest() + ", the digest of its owners)");
        }
        Map<String, Integer> inputs = new TreeMap<>();
        Atoms.map(row.get("inputs")).forEach((k, v) -> inputs.put(k.asText(), v.asInt()));
        return new InstalledTable(pool, row.path("version").asLong(), table, inputs, row.path("panic").asBoolean(),
                row.path("healthy_weight").asLong(), row.path("counted_weight").asLong(),
                row.path("computed_by").asText(), row.path("computed_at_ms").asLong());
    }

    static String owners(SlotTable table) {
        var index = new HashMap<String, Integer>();
        for (int i = 0; i < table.keys().size(); i++) {
            index.put(table.keys().get(i), i);
        }
        var text = new StringBuilder(table.size() * 4);
        for (int slot = 0; slot < table.size(); slot++) {
            if (slot > 0) {
                text.append(',');
            }
            String owner = table.owner(slot);
            text.append(owner == null ? "-" : index.get(owner).toString());
        }
        return text.toString();
    }

    /** A short digest of the inputs, so that nodes can tell at a glance whether they computed alike. */
    static String inputsDigest(Map<String, Integer> sortedInputs) {
        var text = new StringBuilder();
        sortedInputs.forEach((k, v) -> text.append(k).append(' ').append(v).append('\n'));
        try {
            var sha = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(sha.digest(text.toString()
                    .getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JDK", e);
        }
    }
}
