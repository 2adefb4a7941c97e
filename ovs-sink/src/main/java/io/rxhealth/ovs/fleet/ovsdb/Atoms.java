package io.rxhealth.ovs.fleet.ovsdb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** RFC 7047 5.1 values: atoms, {@code ["set", [...]]} and {@code ["map", [[k, v], ...]]}. */
public final class Atoms {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Atoms() {
    }

    /** A map value as a Java map; an empty map when {@code value} is absent. */
    public static Map<JsonNode, JsonNode> map(JsonNode value) {
        Map<JsonNode, JsonNode> map = new LinkedHashMap<>();
        if (value != null && value.isArray() && value.size() == 2 && "map".equals(value.get(0).asText())) {
            for (JsonNode pair : value.get(1)) {
                map.put(pair.get(0), pair.get(1));
            }
        }
        return map;
    }

    /** The elements of a set value; a bare atom is a set of one (RFC 7047 5.1). */
    public static List<JsonNode> set(JsonNode value) {
        List<JsonNode> elements = new ArrayList<>();
        if (value == null) {
            return elements;
        }
        if (value.isArray() && value.size() == 2 && "set".equals(value.get(0).asText())) {
            value.get(1).forEach(elements::add);
        } else {
            elements.add(value);
        }
        return elements;
    }

    /** {@code ["map", [[k, v], ...]]} of string keys and string values. */
    public static ArrayNode stringMap(Map<String, String> entries) {
        ArrayNode pairs = NODES.arrayNode();
        entries.forEach((k, v) -> pairs.addArray().add(k).add(v));
        return NODES.arrayNode().add("map").add(pairs);
    }

    /** {@code ["map", [[k, v], ...]]} of string keys and integer values. */
    public static ArrayNode integerMap(Map<String, Integer> entries) {
        ArrayNode pairs = NODES.arrayNode();
        entries.forEach((k, v) -> pairs.addArray().add(k).add(v));
        return NODES.arrayNode().add("map").add(pairs);
    }

    /** {@code ["map", [[i, v], ...]]} of integer keys (the list index) and string values. */
    public static ArrayNode indexedMap(List<String> values) {
        ArrayNode pairs = NODES.arrayNode();
        for (int i = 0; i < values.size(); i++) {
            pairs.addArray().add(i).add(values.get(i));
        }
        return NODES.arrayNode().add("map").add(pairs);
    }

    /** An empty set: the value of an optional column that is absent. */
    public static ArrayNode emptySet() {
        return NODES.arrayNode().add("set").add(NODES.arrayNode());
    }
}
