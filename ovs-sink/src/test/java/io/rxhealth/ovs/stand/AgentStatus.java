package io.rxhealth.ovs.stand;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.TreeMap;

/** A backend agent's {@code /status}: the reply HAProxy and the daemon get, and every check's level and detail. */
record AgentStatus(String reply, Map<String, String> levels, Map<String, String> details) {
    AgentStatus {
        levels = Map.copyOf(levels);
        details = Map.copyOf(details);
    }

    /** The detail of check NAME; fails when the agent runs no such check. */
    String detail(String name) {
        String detail = details.get(name);
        if (detail == null) {
            throw new AssertionError("no check " + name + " in the agent's " + levels.keySet() + " (reply " + reply + ")");
        }
        return detail;
    }

    boolean runs(String name) {
        return levels.containsKey(name);
    }

    static AgentStatus parse(String json) throws Exception {
        JsonNode root = new ObjectMapper().readTree(json);
        Map<String, String> levels = new TreeMap<>();
        Map<String, String> details = new TreeMap<>();
        for (JsonNode check : root.path("checks")) {
            levels.put(check.path("name").asText(), check.path("level").asText());
            details.put(check.path("name").asText(), check.path("detail").asText());
        }
        return new AgentStatus(root.path("reply").asText(), levels, details);
    }

    @Override
    public String toString() {
        return "agent reply '" + reply + "', checks " + levels;
    }
}
