package io.rxhealth.ovs.flow;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parses {@code ovs-ofctl --no-names dump-flows} output (OVS 3.1 format, pinned by a captured
 * sample in the tests) and recognises the two forms table 11 is made of.
 */
final class DumpFlowsParser {
    /** OpenFlow's default priority: dump-flows omits {@code priority=} when a flow has it. */
    private static final int DEFAULT_PRIORITY = 32768;
    private static final Set<String> NOT_MATCH = Set.of("duration", "idle_age", "hard_age", "importance",
            "reset_counts", "send_flow_rem", "check_overlap", "no_packet_counts", "no_byte_counts");

    private DumpFlowsParser() {
    }

    static List<DumpedFlow> parse(String output) {
        List<DumpedFlow> flows = new ArrayList<>();
        for (String line : output.split("\n")) {
            String trimmed = line.trim();
            // Headers ("OFPST_FLOW reply (OF1.4) (xid=0x2):") repeat per multipart reply.
            if (trimmed.startsWith("cookie=")) {
                flows.add(parseLine(trimmed));
            }
        }
        return flows;
    }

    static DumpedFlow parseLine(String line) {
        int at = line.indexOf(" actions=");
        if (at < 0) {
            throw new IllegalArgumentException("dump-flows line: '" + line + "' (expected: ... actions=...)");
        }
        long cookie = 0;
        int table = 0;
        int priority = DEFAULT_PRIORITY;
        long packets = 0;
        long bytes = 0;
        Map<String, String> match = new LinkedHashMap<>();
        // Tokens are separated by ", " (statistics) or "," (match); a scan, not a regex: 65,536 lines.
        int end = 0;
        while (end < at) {
            int begin = end;
            while (begin < at && (line.charAt(begin) == ' ' || line.charAt(begin) == ',')) {
                begin++;
            }
            end = begin;
            while (end < at && line.charAt(end) != ' ' && line.charAt(end) != ',') {
                end++;
            }
            if (begin == end) {
                break;
            }
            int eq = line.indexOf('=', begin);
            boolean hasValue = eq >= 0 && eq < end;
            String key = line.substring(begin, hasValue ? eq : end);
            String value = hasValue ? line.substring(eq + 1, end) : "";
            switch (key) {
                case "cookie" -> cookie = number(value, line);
                case "table" -> table = (int) number(value, line);
                case "priority" -> priority = (int) number(value, line);
                case "n_packets" -> packets = number(value, line);
                case "n_bytes" -> bytes = number(value, line);
                default -> {
                    if (!key.isEmpty() && !NOT_MATCH.contains(key)) {
                        match.put(key, value);
                    }
                }
            }
        }
        return new DumpedFlow(cookie, table, priority, match, line.substring(at + " actions=".length()),
                new FlowCounters(packets, bytes), line);
    }

    static boolean isFailClose(DumpedFlow flow) {
        return flow.table() == Table11.TABLE && flow.priority() == Table11.FAIL_CLOSE_PRIORITY
                && flow.match().isEmpty() && flow.actions().equals("drop");
    }

    /** The flow as a slot flow, or {@code null} when it is anything else. */
    static SlotFlow asSlotFlow(DumpedFlow flow) {
        Map<String, String> match = flow.match();
        if (flow.table() != Table11.TABLE || flow.priority() != Table11.SLOT_PRIORITY || match.size() != 2) {
            return null;
        }
        Long pool = unmasked(match.get(Table11.POOL_REG));
        Long slot = unmasked(match.get(Table11.SLOT_REG));
        String[] actions = flow.actions().split(",");
        if (pool == null || slot == null || pool < 1 || pool > Table11.MAX_POOL || slot > Integer.MAX_VALUE
                || actions.length != 3 || !actions[2].equals("goto_table:" + Table11.NEXT_TABLE)) {
            return null;
        }
        Long address = loaded(actions[0], Table11.ADDRESS_REG, "NXM_NX_REG2[]");
        Long port = loaded(actions[1], Table11.PORT_REG, "NXM_NX_REG4[]");
        if (address == null || port == null || address > 0xffffffffL || port < 1 || port > 0xffff) {
            return null;
        }
        return new SlotFlow(pool.intValue(), slot.intValue(), new MemberAddress(address.intValue(),
                port.intValue()), flow.cookie(), flow.counters());
    }

    /** The value of {@code set_field:V->reg} or {@code load:V->NXM_NX_REGn[]}; OVS prints either. */
    private static Long loaded(String action, String reg, String nxm) {
        String value;
        if (action.startsWith("set_field:") && action.endsWith("->" + reg)) {
            value = action.substring("set_field:".length(), action.length() - reg.length() - 2);
        } else if (action.startsWith("load:") && action.endsWith("->" + nxm)) {
            value = action.substring("load:".length(), action.length() - nxm.length() - 2);
        } else {
            return null;
        }
        return unmasked(value);
    }

    private static Long unmasked(String value) {
        if (value == null || value.isEmpty() || value.indexOf('/') >= 0) {
            return null;
        }
        try {
            return value.startsWith("0x") ? Long.parseUnsignedLong(value.substring(2), 16) : Long.parseLong(value);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static long number(String value, String line) {
        Long parsed = unmasked(value);
        if (parsed == null) {
            throw new IllegalArgumentException("dump-flows value: '" + value + "' in '" + line
                    + "' (expected: a decimal or 0x hex number)");
        }
        return parsed;
    }
}
