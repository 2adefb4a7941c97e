package io.rxhealth.ovs.neigh;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rxhealth.ovs.pipeline.Ipv4;
import io.rxhealth.ovs.pipeline.Mac;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses the output of {@code ip -json neigh show dev DEV} (iproute2 5.x/6.x): a JSON array of
 * {@code {"dst":..., "lladdr":..., "state":[...]}}. IPv6 entries are skipped; an empty output is
 * an empty table (some iproute2 versions print nothing instead of {@code []}). Pure.
 */
public final class NeighbourParser {
    private static final ObjectMapper JSON = new ObjectMapper();

    private NeighbourParser() {
    }

    public static List<NeighbourEntry> parse(String output, String dev) {
        if (output == null || output.isBlank()) {
            return List.of();
        }
        JsonNode root;
        try {
            root = JSON.readTree(output);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("ip -json neigh show dev " + dev + ": not JSON ("
                    + e.getOriginalMessage().lines().findFirst().orElse("") + ")", e);
        }
        if (root == null || !root.isArray()) {
            throw new IllegalArgumentException("ip -json neigh show dev " + dev + ": " + abbreviate(output)
                    + " (expected: a JSON array)");
        }
        List<NeighbourEntry> entries = new ArrayList<>();
        for (JsonNode n : root) {
            String dst = n.path("dst").asText("");
            if (dst.indexOf(':') >= 0 || dst.isEmpty()) {
                continue;
            }
            Ipv4 address;
            try {
                address = Ipv4.parse(dst, "dst");
            } catch (IllegalArgumentException e) {
                continue;
            }
            String lladdr = n.path("lladdr").asText(null);
            Mac mac = null;
            if (lladdr != null) {
                try {
                    mac = new Mac(lladdr);
                } catch (IllegalArgumentException e) {
                    // Not an Ethernet address (another link type): no usable MAC.
                }
            }
            List<String> states = new ArrayList<>();
            n.path("state").forEach(s -> states.add(s.asText()));
            entries.add(new NeighbourEntry(n.path("dev").asText(dev), address, mac, states));
        }
        return entries;
    }

    private static String abbreviate(String s) {
        String line = s.strip().replace('\n', ' ');
        return line.length() > 80 ? line.substring(0, 80) + "..." : line;
    }
}
