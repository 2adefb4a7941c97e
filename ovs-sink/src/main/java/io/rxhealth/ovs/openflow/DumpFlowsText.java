package io.rxhealth.ovs.openflow;

import io.rxhealth.ovs.openflow.FlowQuery.MaskedRegister;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads {@code ovs-ofctl --no-names dump-flows} output (OVS 3.1's format, pinned by captured
 * samples in the tests) into {@link FlowEntry}s, the same values flow statistics decode to. Pure.
 */
public final class DumpFlowsText {
    /** OpenFlow's default priority: dump-flows omits {@code priority=} when a flow has it. */
    private static final int DEFAULT_PRIORITY = 32768;
    /** Fields of a line that say nothing about what the flow matches or does. */
    private static final Set<String> NOT_MATCH = Set.of("duration", "idle_age", "hard_age", "importance",
            "reset_counts", "send_flow_rem", "check_overlap", "no_packet_counts", "no_byte_counts");

    private DumpFlowsText() {
    }

    /** Every flow line of {@code output}; headers and blank lines are skipped. */
    public static List<FlowEntry> parse(String output) {
        List<FlowEntry> flows = new ArrayList<>();
        for (String line : output.split("\n")) {
            String trimmed = line.trim();
            // Headers ("OFPST_FLOW reply (OF1.4) (xid=0x2):") repeat per multipart reply.
            if (trimmed.startsWith("cookie=")) {
                flows.add(line(trimmed));
            }
        }
        return flows;
    }

    /**
     * One line: {@code cookie=0x70a1400021f90, duration=0.296s, table=11, n_packets=2, n_bytes=84,
     * priority=100,reg1=0,reg3=0x7 actions=set_field:0xa140002->reg2,set_field:0x1f90->reg4,goto_table:12}.
     */
    static FlowEntry line(String line) {
        int at = line.indexOf(" actions=");
        if (at < 0) {
            throw new IllegalArgumentException("dump-flows line: '" + line + "' (expected: ... actions=...)");
        }
        long cookie = 0;
        int table = 0;
        int priority = DEFAULT_PRIORITY;
        long packets = 0;
        long bytes = 0;
        List<MaskedRegister> registers = new ArrayList<>(2);
        List<String> otherMatch = new ArrayList<>(0);
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
                    MaskedRegister register = register(key, value);
                    if (register != null) {
                        registers.add(register);
                    } else if (!NOT_MATCH.contains(key)) {
                        otherMatch.add(line.substring(begin, end));
                    }
                }
            }
        }
        List<FlowEntry.Load> loads = new ArrayList<>(2);
        List<String> otherActions = new ArrayList<>(0);
        int gotoTable = -1;
        for (String action : actions(line.substring(at + " actions=".length()))) {
            FlowEntry.Load load = load(action);
            if (load != null) {
                loads.add(load);
            } else if (action.startsWith("goto_table:") && unsigned(action.substring("goto_table:".length())) != null) {
                gotoTable = unsigned(action.substring("goto_table:".length())).intValue();
            } else if (!action.equals("drop")) {
                otherActions.add(action);
            }
        }
        return new FlowEntry(table, priority, cookie, packets, bytes, registers, otherMatch, loads, gotoTable,
                otherActions);
    }

    /** {@code regN} with {@code value} or {@code value/mask}, else null. */
    private static MaskedRegister register(String key, String value) {
        if (!key.startsWith("reg") || key.length() > 5) {
            return null;
        }
        Long n = unsigned(key.substring(3));
        if (n == null || n > 15 || key.substring(3).startsWith("0x")) {
            return null;
        }
        int slash = value.indexOf('/');
        Long v = unsigned(slash < 0 ? value : value.substring(0, slash));
        Long mask = slash < 0 ? Long.valueOf(0xffffffffL) : unsigned(value.substring(slash + 1));
        if (v == null || mask == null || v >>> 32 != 0 || mask >>> 32 != 0 || mask == 0) {
            return null;
        }
        return new MaskedRegister(n.intValue(), v & mask, mask);
    }

    /** The actions split at the commas outside parentheses and brackets: {@code ct(commit,zone=1)} is one. */
    private static List<String> actions(String text) {
        List<String> actions = new ArrayList<>(3);
        int depth = 0;
        int begin = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(' || c == '[') {
                depth++;
            } else if (c == ')' || c == ']') {
                depth--;
            } else if (c == ',' && depth == 0) {
                actions.add(text.substring(begin, i));
                begin = i + 1;
            }
        }
        actions.add(text.substring(begin));
        return actions;
    }

    /** {@code set_field:V->regN} or {@code load:V->NXM_NX_REGn[]} (OVS prints either), else null. */
    private static FlowEntry.Load load(String action) {
        String value;
        String target;
        int arrow = action.indexOf("->");
        if (arrow < 0) {
            return null;
        }
        if (action.startsWith("set_field:")) {
            value = action.substring("set_field:".length(), arrow);
            target = action.substring(arrow + 2);
            if (!target.startsWith("reg")) {
                return null;
            }
            target = target.substring(3);
        } else if (action.startsWith("load:") && action.endsWith("[]")
                && action.startsWith("NXM_NX_REG", arrow + 2)) {
            value = action.substring("load:".length(), arrow);
            target = action.substring(arrow + 2 + "NXM_NX_REG".length(), action.length() - 2);
        } else {
            return null;
        }
        Long register = target.startsWith("0x") ? null : unsigned(target);
        Long v = unsigned(value);
        if (register == null || register > 15 || v == null || v >>> 32 != 0) {
            return null;
        }
        return new FlowEntry.Load(register.intValue(), v);
    }

    /** A decimal or {@code 0x} hex number without sign or mask, else null. */
    private static Long unsigned(String value) {
        if (value.isEmpty() || value.indexOf('/') >= 0 || value.charAt(0) == '-' || value.charAt(0) == '+') {
            return null;
        }
        try {
            return value.startsWith("0x") ? Long.parseUnsignedLong(value.substring(2), 16) : Long.parseLong(value);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static long number(String value, String line) {
        Long parsed = unsigned(value);
        if (parsed == null) {
            throw new IllegalArgumentException("dump-flows value: '" + value + "' in '" + line
                    + "' (expected: a decimal or 0x hex number)");
        }
        return parsed;
    }
}
