package io.rxhealth.ovs.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rxhealth.ovs.outage.SwitchReport;
import io.rxhealth.ovs.pool.MemberReport;
import io.rxhealth.ovs.pool.PoolReport;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** JSON bodies of the API. */
final class Json {
    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    String status(List<PoolReport> pools) {
        return status(pools, Optional.empty());
    }

    /** {@code {"pools": [...], "switch": {...}}}, the switch when the node reports one. */
    String status(List<PoolReport> pools, Optional<SwitchReport> switchReport) {
        ObjectNode root = mapper.createObjectNode();
        root.set("pools", mapper.valueToTree(pools));
        switchReport.ifPresent(s -> root.set("switch", mapper.valueToTree(s)));
        return write(root);
    }

    /** The weight-aware slot report: per member verdict, weights, share, slots, deviation, packets (-1: unknown). */
    String slots(List<PoolReport> pools) {
        ObjectNode root = mapper.createObjectNode();
        ArrayNode array = root.putArray("pools");
        for (PoolReport p : pools) {
            ObjectNode pool = array.addObject();
            pool.put("id", p.id());
            pool.put("name", p.name());
            pool.put("listener", p.listener());
            pool.put("slots", p.slots());
            pool.put("digest", p.digest());
            pool.put("lastApplyAt", p.lastApplyAt());
            pool.put("lastSlotsMoved", p.lastSlotsMoved());
            pool.put("failClose", p.failClose());
            pool.put("panic", p.panic());
            pool.put("healthyShare", p.healthyShare());
            pool.put("panicThreshold", p.panicThreshold());
            pool.put("layoutVersion", p.layoutVersion());
            ArrayNode members = pool.putArray("members");
            for (MemberReport m : p.members()) {
                ObjectNode n = members.addObject();
                n.put("key", m.key());
                n.put("verdict", m.verdict());
                n.put("agent", m.agent());
                n.put("configuredWeight", m.configuredWeight());
                n.put("agentWeight", m.agentWeight());
                n.put("effectiveWeight", m.effectiveWeight());
                n.put("targetShare", m.targetShare());
                n.put("slots", m.slots());
                n.put("quota", m.quota());
                n.put("deviation", m.deviation());
                n.put("packets", m.packets());
                n.put("bytes", m.bytes());
                n.put("zeroSlots", m.zeroSlots());
            }
        }
        return write(root);
    }

    String object(Map<String, ?> fields) {
        return write(mapper.valueToTree(fields));
    }

    /** One-line error body: {@code {"error":"..."}}. */
    String error(String message) {
        try {
            return new ObjectMapper().writeValueAsString(Map.of("error", message));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a string map always serialises", e);
        }
    }

    private String write(Object tree) {
        try {
            return mapper.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("report types always serialise", e);
        }
    }
}
