package io.rxhealth.ovs.stand;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.TreeMap;

/**
 * A pool as the LB daemon reports it in {@code /slots}: digest, fail-close, panic (below the pool's
 * panic threshold every probe-up member has its configured weight), members by key.
 */
record DaemonPool(String digest, boolean failClose, boolean panic, Map<String, DaemonMember> members) {
    DaemonPool {
        members = Map.copyOf(members);
    }

    DaemonMember member(String key) {
        DaemonMember m = members.get(key);
        if (m == null) {
            throw new AssertionError("member " + key + " not in the daemon's report " + members.keySet());
        }
        return m;
    }

    /** Pool {@code id} of a {@code /slots} answer. */
    static DaemonPool parse(String json, int id) throws Exception {
        for (JsonNode pool : new ObjectMapper().readTree(json).path("pools")) {
            if (pool.path("id").asInt() != id) {
                continue;
            }
            Map<String, DaemonMember> members = new TreeMap<>();
            for (JsonNode m : pool.path("members")) {
                members.put(m.path("key").asText(), new DaemonMember(m.path("key").asText(), m.path("verdict").asText(),
                        m.path("agent").asText(), m.path("configuredWeight").asInt(), m.path("agentWeight").asInt(),
                        m.path("effectiveWeight").asInt(), m.path("slots").asInt()));
            }
            return new DaemonPool(pool.path("digest").asText(null), pool.path("failClose").asBoolean(),
                    pool.path("panic").asBoolean(), members);
        }
        throw new AssertionError("pool " + id + " not in /slots: " + json);
    }
}
